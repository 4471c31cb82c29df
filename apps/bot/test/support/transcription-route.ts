import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the OpenAI-compatible stand-in answers to POST /audio/transcriptions, as told. */
export type HearReply =
  /** The transcript, after delayMs when given. */
  | { text: string; delayMs?: number }
  | { status: number; body: string }
  /** Never answers. */
  | { hang: true };

/** One transcription request as the stand-in received and checked it. */
export interface TranscriptionRequest {
  model: string;
  fileName: string;
  mimeType: string;
  bytes: Uint8Array;
  prompt: string | null;
  responseFormat: string | null;
}

/** The formats the OpenAI endpoint takes, judged by the file's name (it refuses Telegram's «.oga»). */
const FORMATS = ['flac', 'mp3', 'mp4', 'mpeg', 'mpga', 'm4a', 'ogg', 'wav', 'webm'];

const error = (message: string) => JSON.stringify({ error: { message, type: 'invalid_request_error' } });

/**
 * The audio transcription endpoint of the stand-in: reads the multipart form as the OpenAI API
 * does and refuses, with 400, a request without the expected model, without a file, with an empty
 * one or one in a format it does not take; otherwise answers `{text}` as told.
 */
export function transcriptionRoute(expectedModel: string) {
  let next: HearReply = { status: 500, body: error('no transcript set') };
  const requests: TranscriptionRequest[] = [];

  async function handle(request: IncomingMessage, body: Buffer, response: ServerResponse) {
    const answer = (status: number, json: string) =>
      response.destroyed || response.writeHead(status, { 'content-type': 'application/json' }).end(json);
    let form: FormData;
    try {
      form = await new Request('http://stand-in/', {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? '' },
        body,
      }).formData();
    } catch {
      return answer(400, error('expected a multipart/form-data body'));
    }
    const model = form.get('model');
    if (model !== expectedModel) return answer(400, error(`unknown model: ${String(model)}`));
    const file = form.get('file');
    if (!(file instanceof File)) return answer(400, error('no file attached'));
    if (file.size === 0) return answer(400, error('the file is empty'));
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!FORMATS.includes(extension)) {
      return answer(400, error(`Invalid file format. Supported formats: ${JSON.stringify(FORMATS)}`));
    }
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : null;
    };
    requests.push({
      model,
      fileName: file.name,
      mimeType: file.type,
      bytes: new Uint8Array(await file.arrayBuffer()),
      prompt: text('prompt'),
      responseFormat: text('response_format'),
    });
    const reply = next;
    if ('hang' in reply) return;
    if ('status' in reply) return answer(reply.status, reply.body);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    answer(200, JSON.stringify({ text: reply.text }));
  }

  return {
    handle,
    requests,
    hear(reply: HearReply) {
      next = reply;
    },
  };
}
