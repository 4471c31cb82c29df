import type { Message, MessageEntity } from 'grammy/types';

/**
 * A question the writer answers by typing («Сколько?») carries the message it is about as a quote
 * at its start: Telegram hands a reply only the bot's message, not the message that one replied
 * to, and the bot keeps no state. The quote is that text, exactly.
 */
export interface QuotedText {
  text: string;
  entities: MessageEntity[];
}

/** The quote, a blank line, then the rest. */
export function withQuote(quote: string, rest: string): QuotedText {
  // Offsets and lengths in UTF-16 code units, as JavaScript counts them and Telegram wants them.
  return { text: `${quote}\n\n${rest}`, entities: [{ type: 'blockquote', offset: 0, length: quote.length }] };
}

/** The text quoted at the start of a message of the bot, if it has one. */
export function quotedTextOf(message: Pick<Message, 'text' | 'entities'> | undefined): string | undefined {
  const quote = message?.entities?.find((entity) => entity.type === 'blockquote' && entity.offset === 0);
  if (!quote || !message?.text) return undefined;
  return message.text.slice(0, quote.length);
}
