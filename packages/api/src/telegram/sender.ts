import { Api, GrammyError } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';

/** A message the server sends through the bot: to a person's private chat or a group chat. */
export interface OutgoingMessage {
  chatId: string;
  text: string;
  buttons?: InlineKeyboardButton[][];
}

/** Telegram answered 403: the person blocked the bot (or never started it), or the bot left the chat. */
export class RecipientBlockedError extends Error {
  constructor(readonly chatId: string) {
    super(`Telegram refused to deliver to chat ${chatId} (403)`);
    this.name = 'RecipientBlockedError';
  }
}

/** Telegram kept answering 429: try again after `retryAfterSeconds`. */
export class TelegramBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Telegram asked to wait ${retryAfterSeconds} s (429)`);
    this.name = 'TelegramBusyError';
  }
}

export interface TelegramSenderOptions {
  botToken: string;
  /** The Bot API root; tests point it at their stand-in on 127.0.0.1. Default https://api.telegram.org. */
  apiRoot?: string;
  /** How many times a 429 is waited out before giving up (default 2). */
  maxRetries?: number;
  /** A 429 asking to wait longer than this is not waited out (default 10 s). */
  maxWaitSeconds?: number;
}

/**
 * How the server (not the bot's process) speaks through the bot: grammY's Api client, no polling.
 * 403 becomes RecipientBlockedError (callers mark the person unreachable rather than retrying),
 * 429 is waited out a bounded number of times, then TelegramBusyError.
 */
export class TelegramSender {
  private readonly api: Api;
  private readonly maxRetries: number;
  private readonly maxWaitSeconds: number;

  constructor(options: TelegramSenderOptions) {
    this.api = new Api(options.botToken, options.apiRoot ? { apiRoot: options.apiRoot } : undefined);
    this.maxRetries = options.maxRetries ?? 2;
    this.maxWaitSeconds = options.maxWaitSeconds ?? 10;
  }

  async send(message: OutgoingMessage): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.api.sendMessage(message.chatId, message.text, {
          link_preview_options: { is_disabled: true },
          ...(message.buttons?.length ? { reply_markup: { inline_keyboard: message.buttons } } : {}),
        });
        return;
      } catch (error) {
        if (!(error instanceof GrammyError)) throw error;
        if (error.error_code === 403) throw new RecipientBlockedError(message.chatId);
        if (error.error_code !== 429) throw error;
        const wait = error.parameters.retry_after ?? 1;
        if (attempt >= this.maxRetries || wait > this.maxWaitSeconds) throw new TelegramBusyError(wait);
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      }
    }
  }
}
