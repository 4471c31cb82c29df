import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Update, UserFromGetMe } from 'grammy/types';

export const BOT_TOKEN = '123456789:stand-in-token_for-tests';
export const BOT_USER: UserFromGetMe = {
  id: 123456789,
  is_bot: true,
  first_name: 'Dolya',
  username: 'dolya_test_bot',
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};

/** One call the bot made, as Telegram received it. */
export interface ApiCall {
  method: string;
  payload: Record<string, unknown>;
  /** performance.now() when it arrived. */
  at: number;
}

/** A message the bot sent, as it stands after any edits. */
export interface SentMessage {
  message_id: number;
  chat: { id: number; type: string };
  text: string;
  reply_markup?: {
    inline_keyboard: { text: string; callback_data?: string; url?: string; web_app?: { url: string } }[][];
  };
  reply_to_message_id?: number;
  /** Formatting as sent (a quote, a link…), offsets in UTF-16 code units. */
  entities?: { type: string; offset: number; length: number }[];
}

/** A document the bot sent (sendDocument: multipart, as grammY uploads an InputFile). */
export interface SentDocument {
  message_id: number;
  chat: { id: number; type: string };
  file_name: string;
  /** The file's bytes read as UTF-8. */
  content: string;
  caption?: string;
  reply_to_message_id?: number;
}

export interface TelegramStandIn {
  apiRoot: string;
  calls: ApiCall[];
  /** The calls of one method, in order. */
  callsOf(method: string): ApiCall[];
  /** Messages the bot sent to a chat, in order, as edited since (copies, as they are now). */
  messagesIn(chatId: number): SentMessage[];
  message(chatId: number, messageId: number): SentMessage | undefined;
  /** Documents the bot sent to a chat, in order. */
  documentsIn(chatId: number): SentDocument[];
  /** Queues an update for getUpdates (long polling). */
  pushUpdate(update: Update): void;
  /** What getChatMember answers for this person in this chat (default: 'member'). */
  setChatMemberStatus(chatId: number, userId: number, status: ChatMemberStatus): void;
  /** Sending to this chat answers 403, as Telegram does for a user who blocked the bot or never started it. */
  blockChat(chatId: number): void;
  /**
   * A file Telegram keeps (a voice message's recording): getFile answers its path, and
   * {apiRoot}/file/bot{token}/{path} serves these bytes.
   */
  addFile(fileId: string, path: string, bytes: Uint8Array): void;
  /** The paths of the files the bot downloaded, in order. */
  downloads: string[];
  /** The next call of this method answers 429 with retry_after, once. */
  floodOnce(method: string, retryAfterSeconds: number): void;
  /** Resolves when a call of this method arrives that matches (or at once, when one already has). */
  waitFor(method: string, matches?: (call: ApiCall) => boolean, timeoutMs?: number): Promise<ApiCall>;
  reset(): void;
  close(): Promise<void>;
}

export type ChatMemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';

type Answer = { ok: true; result: unknown } | { status: number; body: Record<string, unknown> };

const ok = (result: unknown): Answer => ({ ok: true, result });
const badRequest = (description: string): Answer => ({
  status: 400,
  body: { ok: false, error_code: 400, description: `Bad Request: ${description}` },
});

function chatOf(id: number) {
  return { id, type: id > 0 ? 'private' : String(id).startsWith('-100') ? 'supergroup' : 'group' };
}

/**
 * A local stand-in for the Telegram Bot API on 127.0.0.1 (TELEGRAM_API_ROOT points at it). It
 * answers the methods the bot calls as Telegram does — message ids per chat, "message is not
 * modified" for an edit that changes nothing, getUpdates with long-poll semantics, getFile and the
 * file download address for the files a test adds — and records every call for the tests.
 */
/** The entities sent with a text, checked as Telegram does: each within the text. */
function entitiesOf(payload: Record<string, unknown>, text: string): SentMessage['entities'] | 'bad' {
  const entities = payload.entities as SentMessage['entities'];
  if (!entities || entities.length === 0) return undefined;
  if (
    entities.some(
      (entity) => entity.offset < 0 || entity.length <= 0 || entity.offset + entity.length > text.length,
    )
  )
    return 'bad';
  return entities.map(({ type, offset, length }) => ({ type, offset, length }));
}

export async function startTelegramStandIn(token = BOT_TOKEN): Promise<TelegramStandIn> {
  const calls: ApiCall[] = [];
  const sent = new Map<string, SentMessage>();
  const documents: SentDocument[] = [];
  const nextMessageId = new Map<number, number>();
  const floods = new Map<string, number>();
  const memberStatus = new Map<string, ChatMemberStatus>();
  const blocked = new Set<number>();
  const served = new Map<string, { path: string; bytes: Uint8Array }>();
  const downloads: string[] = [];
  const queue: Update[] = [];
  let pollWaiters: (() => void)[] = [];
  let callWaiters: (() => void)[] = [];
  const sockets = new Set<Socket>();

  const key = (chatId: number, messageId: number) => `${chatId}:${messageId}`;
  const notifyCalls = () => {
    const waiters = callWaiters;
    callWaiters = [];
    for (const wake of waiters) wake();
  };

  function send(payload: Record<string, unknown>): Answer {
    const chatId = Number(payload.chat_id);
    if (blocked.has(chatId)) {
      return {
        status: 403,
        body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
      };
    }
    const text = String(payload.text ?? '');
    if (!text.trim()) return badRequest('message text is empty');
    if (text.length > 4096) return badRequest('message is too long');
    const entities = entitiesOf(payload, text);
    if (entities === 'bad') return badRequest("can't parse entities: an entity lies beyond the text");
    const messageId = (nextMessageId.get(chatId) ?? 10_000) + 1;
    nextMessageId.set(chatId, messageId);
    const replyTo = (payload.reply_parameters as { message_id?: number } | undefined)?.message_id;
    const message: SentMessage = {
      message_id: messageId,
      chat: chatOf(chatId),
      text,
      ...(payload.reply_markup ? { reply_markup: payload.reply_markup as SentMessage['reply_markup'] } : {}),
      ...(replyTo !== undefined ? { reply_to_message_id: replyTo } : {}),
      ...(entities ? { entities } : {}),
    };
    sent.set(key(chatId, messageId), message);
    return ok({ ...message, date: Math.floor(Date.now() / 1000), from: BOT_USER });
  }

  function sendDocument(payload: Record<string, unknown>, files: Map<string, UploadedFile>): Answer {
    const chatId = Number(payload.chat_id);
    if (blocked.has(chatId)) {
      return {
        status: 403,
        body: { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
      };
    }
    const reference = String(payload.document ?? '');
    const file = files.get(reference.replace(/^attach:\/\//, ''));
    if (!file) return badRequest('there is no document in the request');
    if (file.bytes.length === 0) return badRequest('file must be non-empty');
    const messageId = (nextMessageId.get(chatId) ?? 10_000) + 1;
    nextMessageId.set(chatId, messageId);
    const replyTo = (payload.reply_parameters as { message_id?: number } | undefined)?.message_id;
    const document: SentDocument = {
      message_id: messageId,
      chat: chatOf(chatId),
      file_name: file.filename,
      content: file.bytes.toString('utf8'),
      ...(payload.caption !== undefined ? { caption: String(payload.caption) } : {}),
      ...(replyTo !== undefined ? { reply_to_message_id: replyTo } : {}),
    };
    documents.push(document);
    return ok({
      message_id: messageId,
      chat: document.chat,
      date: Math.floor(Date.now() / 1000),
      from: BOT_USER,
      document: {
        file_id: `doc-${messageId}`,
        file_unique_id: `u-${messageId}`,
        file_name: file.filename,
        file_size: file.bytes.length,
      },
      ...(document.caption !== undefined ? { caption: document.caption } : {}),
    });
  }

  function edit(payload: Record<string, unknown>, what: 'text' | 'markup'): Answer {
    const message = sent.get(key(Number(payload.chat_id), Number(payload.message_id)));
    if (!message) return badRequest('message to edit not found');
    const text = what === 'text' ? String(payload.text ?? '') : message.text;
    const markup = payload.reply_markup as SentMessage['reply_markup'];
    if (text === message.text && JSON.stringify(markup) === JSON.stringify(message.reply_markup)) {
      return badRequest(
        'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
      );
    }
    const entities = what === 'text' ? entitiesOf(payload, text) : message.entities;
    if (entities === 'bad') return badRequest("can't parse entities: an entity lies beyond the text");
    message.text = text;
    if (entities) message.entities = entities;
    else delete message.entities;
    if (markup) message.reply_markup = markup;
    else delete message.reply_markup;
    return ok({ ...message, date: Math.floor(Date.now() / 1000), from: BOT_USER });
  }

  async function getUpdates(payload: Record<string, unknown>, request: IncomingMessage): Promise<Answer> {
    const offset = Number(payload.offset ?? 0);
    const limit = Number(payload.limit ?? 100);
    const timeoutMs = Number(payload.timeout ?? 0) * 1000;
    // Confirmed updates (below the offset) are forgotten, as Telegram does.
    while (queue.length > 0 && queue[0]!.update_id < offset) queue.shift();
    if (queue.length === 0 && timeoutMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, timeoutMs);
        function done() {
          clearTimeout(timer);
          pollWaiters = pollWaiters.filter((w) => w !== done);
          resolve();
        }
        pollWaiters.push(done);
        request.once('close', done);
      });
    }
    return ok(queue.filter((u) => u.update_id >= offset).slice(0, limit));
  }

  async function answerFor(
    method: string,
    payload: Record<string, unknown>,
    files: Map<string, UploadedFile>,
    request: IncomingMessage,
  ) {
    switch (method) {
      case 'sendDocument':
        return sendDocument(payload, files);
      case 'getMe':
        return ok(BOT_USER);
      case 'sendMessage':
        return send(payload);
      case 'editMessageText':
        return edit(payload, 'text');
      case 'editMessageReplyMarkup':
        return edit(payload, 'markup');
      case 'getUpdates':
        return getUpdates(payload, request);
      case 'getFile': {
        const fileId = String(payload.file_id ?? '');
        const file = served.get(fileId);
        if (!file) return badRequest('invalid file_id');
        return ok({
          file_id: fileId,
          file_unique_id: `unique-${fileId}`,
          file_size: file.bytes.byteLength,
          file_path: file.path,
        });
      }
      case 'getChatMember': {
        const userId = Number(payload.user_id);
        const status = memberStatus.get(key(Number(payload.chat_id), userId)) ?? 'member';
        const user = { id: userId, is_bot: false, first_name: `User ${userId}` };
        return ok(status === 'administrator' ? { status, user, can_be_edited: false } : { status, user });
      }
      case 'answerCallbackQuery':
      case 'sendChatAction':
      case 'setMyCommands':
      case 'setWebhook':
      case 'deleteWebhook':
        return ok(true);
      default:
        return { status: 404, body: { ok: false, error_code: 404, description: 'Not Found' } };
    }
  }

  /** GET /file/bot{token}/{path}: the bytes of a file getFile named, as Telegram serves them. */
  function serveFile(path: string, response: ServerResponse) {
    const file = [...served.values()].find((f) => f.path === path);
    if (!file) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }));
      return;
    }
    downloads.push(path);
    response
      .writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(file.bytes.byteLength),
      })
      .end(file.bytes);
  }

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const fileMatch = /^\/file\/bot([^/]+)\/(.+)$/.exec(request.url ?? '');
    if (request.method === 'GET' && fileMatch && fileMatch[1] === token) {
      serveFile(decodeURIComponent(fileMatch[2]!), response);
      return;
    }
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
    const { payload, files } = await bodyOf(request);
    if (!match || match[1] !== token) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: false, error_code: 401, description: 'Unauthorized' }));
      return;
    }
    const method = match[2]!;
    calls.push({ method, payload, at: performance.now() });
    notifyCalls();
    const flood = floods.get(method);
    let answer: Answer;
    if (flood !== undefined) {
      floods.delete(method);
      answer = {
        status: 429,
        body: {
          ok: false,
          error_code: 429,
          description: `Too Many Requests: retry after ${flood}`,
          parameters: { retry_after: flood },
        },
      };
    } else {
      answer = await answerFor(method, payload, files, request);
    }
    if (response.destroyed) return;
    const [status, json] = 'ok' in answer ? [200, answer] : [answer.status, answer.body];
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    calls,
    callsOf: (method) => calls.filter((call) => call.method === method),
    // Copies: a message a test holds keeps the buttons it had, as a chat on a phone may.
    messagesIn: (chatId) =>
      [...sent.values()].filter((message) => message.chat.id === chatId).map((m) => structuredClone(m)),
    documentsIn: (chatId) => documents.filter((d) => d.chat.id === chatId).map((d) => structuredClone(d)),
    message: (chatId, messageId) => {
      const message = sent.get(key(chatId, messageId));
      return message && structuredClone(message);
    },
    pushUpdate(update) {
      queue.push(update);
      const waiters = pollWaiters;
      pollWaiters = [];
      for (const wake of waiters) wake();
    },
    setChatMemberStatus(chatId, userId, status) {
      memberStatus.set(key(chatId, userId), status);
    },
    blockChat(chatId) {
      blocked.add(chatId);
    },
    addFile(fileId, path, bytes) {
      served.set(fileId, { path, bytes });
    },
    downloads,
    floodOnce(method, retryAfterSeconds) {
      floods.set(method, retryAfterSeconds);
    },
    async waitFor(method, matches = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = calls.find((call) => call.method === method && matches(call));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No ${method} call arrived in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          callWaiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    reset() {
      calls.length = 0;
      downloads.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const wake of pollWaiters) wake();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

interface UploadedFile {
  filename: string;
  bytes: Buffer;
}

/**
 * A call's parameters: a JSON body, or multipart/form-data as grammY sends an upload (each field
 * a string, objects as JSON text; the file a part that a field names as attach://<part>).
 */
async function bodyOf(
  request: IncomingMessage,
): Promise<{ payload: Record<string, unknown>; files: Map<string, UploadedFile> }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const files = new Map<string, UploadedFile>();
  const type = request.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data')) {
    const text = raw.toString('utf8');
    return { payload: text ? (JSON.parse(text) as Record<string, unknown>) : {}, files };
  }
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type);
  if (!boundary) throw new Error('multipart without a boundary');
  const payload: Record<string, unknown> = {};
  for (const part of multipartParts(raw, boundary[1] ?? boundary[2]!)) {
    if (part.filename !== undefined) {
      files.set(part.name, { filename: part.filename, bytes: part.body });
    } else {
      const value = part.body.toString('utf8');
      payload[part.name] = /^[[{]/.test(value) ? JSON.parse(value) : value;
    }
  }
  return { payload, files };
}

/**
 * The parts of a multipart/form-data body, as grammY writes it (`content-disposition:form-data;
 * name="x";filename=f.csv`: no spaces, the file name unquoted, which undici's parser refuses).
 */
function multipartParts(raw: Buffer, boundary: string) {
  const parts: { name: string; filename: string | undefined; body: Buffer }[] = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let at = raw.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (raw.subarray(start, start + 2).toString() === '--') break;
    const next = raw.indexOf(delimiter, start);
    if (next < 0) break;
    // Each part: CRLF, headers, a blank line, the body, CRLF before the next delimiter.
    const part = raw.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, split).toString('utf8');
    const disposition = /content-disposition:\s*form-data\s*;(.*)/i.exec(headers)?.[1] ?? '';
    const param = (key: string) => {
      const found = new RegExp(`(?:^|;)\\s*${key}=(?:"([^"]*)"|([^;\\r\\n]*))`, 'i').exec(disposition);
      return found ? (found[1] ?? found[2] ?? '').trim() : undefined;
    };
    parts.push({ name: param('name') ?? '', filename: param('filename'), body: part.subarray(split + 4) });
    at = next;
  }
  return parts;
}
