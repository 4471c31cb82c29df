import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type HearReply, type TranscriptionRequest, transcriptionRoute } from './transcription-route';

/** The transcription model the stand-in takes (OPENAI_TRANSCRIBE_MODEL in the tests). */
export const TRANSCRIBE_MODEL = 'stand-in-transcribe';

export type StandInReply =
  /** A chat completion whose message content is this text, after delayMs when given. */
  | { content: string; delayMs?: number }
  | { status: number; body: string }
  /** Never answers. */
  | { hang: true };

export interface StandIn {
  baseURL: string;
  /** Bodies of the requests received on /v1/chat/completions. */
  requests: Record<string, unknown>[];
  reply(next: StandInReply): void;
  /** Requests received on /v1/audio/transcriptions that passed its checks. */
  transcriptions: TranscriptionRequest[];
  /** What /v1/audio/transcriptions answers next. */
  hear(next: HearReply): void;
  close(): Promise<void>;
}

function completion(content: string) {
  return {
    id: 'chatcmpl-stand-in',
    object: 'chat.completion',
    created: 0,
    model: 'stand-in',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A local OpenAI-compatible server on 127.0.0.1 answering /v1/chat/completions and
 * /v1/audio/transcriptions (for TRANSCRIBE_MODEL only) as told.
 */
export async function startStandIn(): Promise<StandIn> {
  let next: StandInReply = { status: 500, body: '{"error":{"message":"no reply set"}}' };
  const requests: Record<string, unknown>[] = [];
  const sockets = new Set<Socket>();
  const transcriptions = transcriptionRoute(TRANSCRIBE_MODEL);

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const body = await bodyOf(request);
    if (request.method === 'POST' && request.url === '/v1/audio/transcriptions') {
      await transcriptions.handle(request, body, response);
      return;
    }
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404).end();
      return;
    }
    requests.push(JSON.parse(body.toString('utf8')) as Record<string, unknown>);
    const reply = next;
    if ('hang' in reply) return;
    if ('status' in reply) {
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
      return;
    }
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (response.destroyed) return;
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(completion(reply.content)));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    reply(reply) {
      next = reply;
    },
    transcriptions: transcriptions.requests,
    hear: transcriptions.hear,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A model answer of the agreed shape, every field present. */
export function answer(fields: Partial<Record<string, unknown>>): string {
  return JSON.stringify({
    isExpense: true,
    description: null,
    amount: null,
    currency: null,
    payer: null,
    participants: [],
    splits: [],
    repayment: null,
    payers: [],
    giftFor: [],
    repeat: null,
    ...fields,
  });
}
