import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy or client may hand us: short, and nothing that could forge a log line. */
const SANE_ID = /^[A-Za-z0-9._:~-]{1,128}$/;

/** Fastify's genReqId: the incoming x-request-id when it is sane, else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const incoming = raw.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Every answer carries its request's id in x-request-id, and every error body carries it as
 * `requestId` (REST: beside code and message; tRPC: in each error's data), so a user's report or a
 * client's log finds the server's log lines (each has the id as reqId). Only error answers are
 * rewritten; the field is an addition the spec's error shape leaves room for.
 */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // A Response (tRPC's) sets the reply's status only after these hooks.
    const status = isResponse(payload) ? payload.status : reply.statusCode;
    // tRPC answers a batch with mixed outcomes 207.
    if (status < 400 && status !== 207) return payload;
    if (isResponse(payload)) {
      if (!isJson(payload.headers.get('content-type'))) return payload;
      const text = await payload.text();
      const headers = new Headers(payload.headers);
      headers.delete('content-length');
      return new Response(withRequestId(text, request.id), { status: payload.status, headers });
    }
    if (!isJson(reply.getHeader('content-type'))) return payload;
    if (typeof payload === 'string') return withRequestId(payload, request.id);
    if (Buffer.isBuffer(payload)) return withRequestId(payload.toString('utf8'), request.id);
    return payload;
  });
}

function withRequestId(text: string, requestId: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  const add = (item: unknown) => {
    if (!item || typeof item !== 'object' || 'result' in item) return item;
    const trpcError = (item as { error?: { data?: Record<string, unknown> } }).error;
    if (trpcError && typeof trpcError === 'object') {
      trpcError.data = { ...(trpcError.data ?? {}), requestId };
      return item;
    }
    return { ...item, requestId };
  };
  return JSON.stringify(Array.isArray(body) ? body.map(add) : add(body));
}

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.includes('json');
}

function isResponse(payload: unknown): payload is Response {
  return Object.prototype.toString.call(payload) === '[object Response]';
}
