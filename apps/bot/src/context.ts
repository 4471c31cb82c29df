import type { Context } from 'grammy';
import type { DolyaApi, DolyaClient } from './api/client';
import type { Language, Translate } from './i18n';
import type { ChatKind } from './keyboards';
import type { Links } from './links';
import type { Logger } from './log';
import type { BotMetrics } from './metrics';
import type { ModelReader } from './parse';
import type { FileUrl } from './voice/download';
import type { Transcriber } from './voice/transcriber';

/** What every handler can use, the same for the whole process. */
export interface BotServices {
  api: DolyaApi;
  links: Links;
  model: ModelReader | null;
  /** What hears voice messages; null: the bot says it reads text. */
  transcriber: Transcriber | null;
  /** Where a file of a message is downloaded from (the address holds the token: never log it). */
  fileUrl: FileUrl;
  log: Logger;
  /** Prometheus counters (absent: not counted). */
  metrics: BotMetrics | undefined;
}

/** What the bot knows about one update, added before any feature runs (see bot.ts). */
export interface DolyaFlavor {
  services: BotServices;
  /** The language of the person who sent the update. */
  language: Language;
  t: Translate;
  /** A private chat, or a group/supergroup (channels are ignored). */
  chatKind: ChatKind;
  /** The server, as the Dolya account of the person who sent the update. */
  dolya: DolyaClient;
}

export type BotContext = Context & DolyaFlavor;
