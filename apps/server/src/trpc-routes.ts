import type { AppRouter, Context } from '@dolya/api';
import {
  callTRPCProcedure,
  getErrorShape,
  getTRPCErrorFromUnknown,
  type TRPCError,
  transformTRPCResponse,
} from '@trpc/server';
import { fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isJson } from './request-guard';

export interface TrpcRoutesOptions {
  router: AppRouter;
  createContext: (request: FastifyRequest, reply: FastifyReply) => Promise<Context>;
  onError: (failure: { error: TRPCError; path: string | undefined; req: FastifyRequest }) => void;
  /** Extra headers of an answer, from its errors (Retry-After). */
  headersFor: (errors: TRPCError[]) => Record<string, string>;
}

/** What tRPC's own answers vary on; a single call's answer says the same. */
const VARY = 'trpc-accept, accept';

interface SingleCall {
  path: string;
  type: 'query' | 'mutation';
  input: unknown;
}

/**
 * The tRPC endpoint under /trpc. A single query (GET) or mutation (POST with a JSON body), which is
 * what the bot, scripts and most of the web app's calls are, is answered here directly: tRPC's own
 * procedure call, error shape and status, without its fetch adapter. That adapter turns every
 * request into a fetch Request and its answer into a fetch Response (with headers objects, abort
 * signals and a web stream to read back), which cost about 0.5–0.7 ms of CPU a call on the 2-core
 * bench machine: half of a small read's cost. Everything else (batches, streaming, a wrong method,
 * an unknown path, input that is not JSON, HEAD) goes to tRPC's Fastify handler unchanged, so its
 * answers stay tRPC's own; a test compares the two paths' answers call by call.
 */
export async function registerTrpcRoutes(app: FastifyInstance, options: TrpcRoutesOptions) {
  const { router, createContext, onError, headersFor } = options;
  const adapterOptions = {
    router,
    createContext: ({ req, res }: { req: FastifyRequest; res: FastifyReply }) => createContext(req, res),
    onError: ({ error, path, req }: { error: TRPCError; path?: string; req: FastifyRequest }) =>
      onError({ error, path, req }),
    responseMeta: ({ errors }: { errors: TRPCError[] }) => ({ headers: headersFor(errors) }),
  };
  await app.register(
    async (scope) => {
      // As in tRPC's own plugin: a body reaches the handler as text, and tRPC parses it.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
        done(null, body),
      );
      scope.removeContentTypeParser('multipart/form-data');
      scope.addContentTypeParser('multipart/form-data', {}, (_request, body, done) => done(null, body));

      scope.all<{ Params: { path: string } }>('/:path', async (request, reply) => {
        const path = request.params.path;
        const call = singleCall(router, request, path);
        if (!call) {
          await fastifyRequestHandler({ ...adapterOptions, req: request, res: reply, path });
          return reply;
        }
        return answer(call, request, reply);
      });
    },
    { prefix: '/trpc' },
  );

  async function answer(call: SingleCall, request: FastifyRequest, reply: FastifyReply) {
    const config = router._def._config;
    let ctx: Context | undefined;
    let json: { result: { data: unknown } } | { error: ReturnType<typeof getErrorShape> };
    let errors: TRPCError[] = [];
    try {
      ctx = await createContext(request, reply);
      const data = await callTRPCProcedure({
        router,
        path: call.path,
        type: call.type,
        ctx,
        getRawInput: async () => call.input,
        signal: undefined,
        batchIndex: 0,
      });
      json = { result: { data } };
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      errors = [error];
      onError({ error, path: call.path, req: request });
      json = {
        error: getErrorShape({ config, ctx, error, input: call.input, path: call.path, type: call.type }),
      };
    }
    return reply
      .code(getHTTPStatusCode(json))
      .headers({ 'content-type': 'application/json', vary: VARY, ...headersFor(errors) })
      .send(Buffer.from(JSON.stringify(transformTRPCResponse(config, json))));
  }
}

/** The request as a single call this module answers itself, or undefined for tRPC's handler. */
function singleCall(router: AppRouter, request: FastifyRequest, path: string): SingleCall | undefined {
  const query = request.query as Record<string, unknown>;
  if ('batch' in query || 'connectionParams' in query || request.headers['trpc-accept'] !== undefined) {
    return undefined;
  }
  // Keyed by the dotted path ("groups.get") at run time, whatever its type says.
  const procedures = router._def.procedures as unknown as Record<
    string,
    { _def: { type: string } } | undefined
  >;
  const procedure = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
  const type = procedure?._def.type;
  let text: unknown;
  if (request.method === 'GET' && type === 'query') text = query.input;
  else if (request.method === 'POST' && type === 'mutation' && isJson(request.headers['content-type'])) {
    text = request.body;
    if (typeof text !== 'string' || text === '') return undefined;
  } else return undefined;
  if (text === undefined) return { path, type, input: undefined };
  if (typeof text !== 'string') return undefined;
  try {
    return { path, type, input: router._def._config.transformer.input.deserialize(JSON.parse(text)) };
  } catch {
    return undefined;
  }
}
