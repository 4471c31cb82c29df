import type { Message } from 'grammy/types';
import type { BotContext } from '../context';
import { languageOfMessage, translator } from '../i18n';
import { describeError } from '../log';
import { downloadTelegramFile } from '../voice/download';
import { heardText } from '../voice/heard';
import type { Recording } from '../voice/transcriber';
import type { Group } from './chat-group';
import { draftFromMessage } from './draft-from-message';
import { parseMembers } from './proposal';
import { replyTo } from './reply';

/** Longer voice messages are refused before anything is downloaded. */
export const MAX_VOICE_SECONDS = 60;
/** Getting the recording from Telegram: a minute of voice is a few hundred kilobytes. */
const DOWNLOAD_TIMEOUT_MS = 15_000;

/** A voice message or a video note: the file to fetch and how the endpoint is to take it. */
interface Recorded {
  fileId: string;
  seconds: number;
  as: Omit<Recording, 'data'>;
}

/** Telegram's voice messages are OGG/Opus (file_path «.oga», which the endpoint refuses by that name). */
const VOICE_NAMES: Record<string, string> = {
  'audio/ogg': 'voice.ogg',
  'audio/mpeg': 'voice.mp3',
  'audio/mp4': 'voice.m4a',
  'audio/x-m4a': 'voice.m4a',
};

/** The recording a message carries, or undefined for any other message. */
export function recordedIn(message: Message): Recorded | undefined {
  if (message.voice) {
    const mimeType = message.voice.mime_type ?? '';
    const fileName = VOICE_NAMES[mimeType];
    return {
      fileId: message.voice.file_id,
      seconds: message.voice.duration,
      as: fileName ? { fileName, mimeType } : { fileName: 'voice.ogg', mimeType: 'audio/ogg' },
    };
  }
  if (message.video_note) {
    return {
      fileId: message.video_note.file_id,
      seconds: message.video_note.duration,
      as: { fileName: 'video-note.mp4', mimeType: 'video/mp4' },
    };
  }
  return undefined;
}

/**
 * A voice message the bot will not hear, answered: no transcription configured (it reads text),
 * or longer than a minute. True when answered so; nothing has been downloaded either way.
 */
export async function refusedVoice(ctx: BotContext, message: Message): Promise<boolean> {
  const recorded = recordedIn(message);
  if (!recorded) return false;
  const { t, services } = ctx;
  if (!services.transcriber) {
    services.metrics?.heard('off');
    await replyTo(ctx, message.message_id, t('voice.off'));
    return true;
  }
  if (recorded.seconds > MAX_VOICE_SECONDS) {
    services.metrics?.heard('too_long');
    await replyTo(ctx, message.message_id, t('voice.tooLong'));
    return true;
  }
  return false;
}

/**
 * A voice message (or video note) read as an expense: downloaded through getFile, transcribed,
 * and then read exactly as the same words typed would be, into the same draft keyed by the
 * message; every answer starts with what was heard. A failed, late or empty transcription is
 * answered with what to do instead, and nothing is drafted. Call after refusedVoice.
 */
export async function draftFromVoice(ctx: BotContext, group: Group, message: Message) {
  const heard = await hear(ctx, group, message);
  if (heard === undefined) return;
  // As for a typed message: the reply speaks the language the words were said in.
  ctx.language = languageOfMessage(heard, ctx.from?.language_code);
  ctx.t = translator(ctx.language);
  await draftFromMessage(ctx, group, { messageId: message.message_id, text: heard, heard });
}

/** The transcript as read and shown, or undefined when the writer has been told it failed. */
async function hear(ctx: BotContext, group: Group, message: Message): Promise<string | undefined> {
  const { t, services } = ctx;
  const recorded = recordedIn(message);
  if (!recorded || !services.transcriber) return undefined;
  let transcript: string;
  try {
    const data = await downloadTelegramFile(ctx.api, services.fileUrl, recorded.fileId, DOWNLOAD_TIMEOUT_MS);
    // The group's names, so that the model spells them as the group does.
    const names = parseMembers(group).map((member) => member.name);
    transcript = await services.transcriber({ data, ...recorded.as }, names.join(', '));
  } catch (error) {
    services.log.warn('a voice message was not transcribed', describeError(error));
    services.metrics?.heard('failed');
    await replyTo(ctx, message.message_id, t('voice.failed'));
    return undefined;
  }
  const heard = heardText(transcript);
  if (!heard) {
    services.metrics?.heard('empty');
    await replyTo(ctx, message.message_id, t('voice.empty'));
    return undefined;
  }
  services.metrics?.heard('transcribed');
  return heard;
}
