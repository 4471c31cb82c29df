import type { Message, MessageEntity, Update, User } from 'grammy/types';
import { BOT_USER, type SentMessage } from './telegram-stand-in';

export interface TelegramUser {
  id: number;
  first_name: string;
  username?: string;
  language_code?: string;
}

export interface Chat {
  id: number;
  type: 'private' | 'group' | 'supergroup';
  title?: string;
}

export const privateChat = (user: TelegramUser): Chat => ({ id: user.id, type: 'private' });

let updateIds = 500_000;
let messageIds = 1;

/** Commands at the start and @mentions anywhere, as Telegram marks them. */
function entitiesOf(text: string): MessageEntity[] {
  const entities: MessageEntity[] = [];
  const command = /^\/\w+(@\w+)?/.exec(text);
  if (command) entities.push({ type: 'bot_command', offset: 0, length: command[0].length });
  for (const mention of text.matchAll(/(^|\s)(@\w{3,})/g)) {
    entities.push({
      type: 'mention',
      offset: mention.index + mention[1]!.length,
      length: mention[2]!.length,
    });
  }
  return entities;
}

/**
 * Updates as Telegram sends them. Messages the users wrote are kept, so a button press on a bot
 * message that replied to one carries it as reply_to_message, as Telegram's does.
 */
export function updateFactory() {
  const written = new Map<string, Message>();
  const key = (chatId: number, messageId: number) => `${chatId}:${messageId}`;

  function message(chat: Chat, from: TelegramUser, text: string, replyTo?: SentMessage): Message {
    const entities = entitiesOf(text);
    const message = {
      message_id: messageIds++,
      date: Math.floor(Date.now() / 1000),
      chat:
        chat.type === 'private'
          ? { id: chat.id, type: 'private', first_name: from.first_name }
          : { ...chat, title: chat.title ?? 'Chat' },
      from: { is_bot: false, ...from } as User,
      text,
      ...(entities.length > 0 ? { entities } : {}),
      // As Telegram does, the message replied to comes without the message it replied to in turn.
      ...(replyTo ? { reply_to_message: botMessage(replyTo, false) } : {}),
    } as unknown as Message;
    written.set(key(chat.id, message.message_id), message);
    return message;
  }

  function botMessage(sent: SentMessage, withRepliedTo = true): Message {
    const repliedTo =
      withRepliedTo && sent.reply_to_message_id !== undefined
        ? written.get(key(sent.chat.id, sent.reply_to_message_id))
        : undefined;
    return {
      message_id: sent.message_id,
      date: Math.floor(Date.now() / 1000),
      // Telegram gives the chat whole (a group's title included); the users' own messages hold it.
      chat: repliedTo?.chat ?? sent.chat,
      from: BOT_USER,
      text: sent.text,
      ...(sent.entities ? { entities: sent.entities } : {}),
      ...(sent.reply_markup ? { reply_markup: sent.reply_markup } : {}),
      ...(repliedTo ? { reply_to_message: repliedTo } : {}),
    } as unknown as Message;
  }

  return {
    /** A text message; `replyTo` a message of the bot it answers. */
    text(chat: Chat, from: TelegramUser, text: string, replyTo?: SentMessage): Update {
      return { update_id: updateIds++, message: message(chat, from, text, replyTo) as Update['message'] };
    },
    /**
     * A message without text: a sticker, a photo, a voice message, the bot added to a chat… (its
     * fields as given); `replyTo` a message of the bot it answers.
     */
    other(chat: Chat, from: TelegramUser, fields: Record<string, unknown>, replyTo?: SentMessage): Update {
      const {
        text: _text,
        entities: _entities,
        ...base
      } = message(chat, from, '-', replyTo) as Message & { text: string };
      const whole = { ...base, ...fields } as Message;
      // A press under the bot's answer to it hands this message back whole (its caption too).
      written.set(key(chat.id, whole.message_id), whole);
      return { update_id: updateIds++, message: whole as Update['message'] };
    },
    /** A press of an inline button with this callback data under a message of the bot. */
    press(from: TelegramUser, sent: SentMessage, data: string): Update {
      return {
        update_id: updateIds++,
        callback_query: {
          id: String(updateIds * 7),
          from: { is_bot: false, ...from } as User,
          chat_instance: String(sent.chat.id),
          message: botMessage(sent),
          data,
        },
      };
    },
  };
}

/** The callback data of the button with this text under a message of the bot. */
export function buttonData(message: SentMessage | undefined, text: string): string {
  const button = message?.reply_markup?.inline_keyboard.flat().find((b) => b.text === text);
  if (!button?.callback_data) throw new Error(`No button "${text}" under: ${JSON.stringify(message)}`);
  return button.callback_data;
}

export function buttons(message: SentMessage | undefined) {
  return message?.reply_markup?.inline_keyboard.flat() ?? [];
}
