/**
 * What a voice message said, shown above every answer to it: «🎤 “пицца 1200 я, Аня, Боря”».
 * The line has no words of the bot's, so it is the same in every language; it is also where the
 * transcript is read back from when a button under the answer is pressed (a question answered,
 * Save), since the voice message itself carries no text.
 */
const HEARD_LINE = /^🎤 “(.+)”$/u;

/** Longer than a minute of speech: the rest is cut, so that the answer fits in one message. */
export const MAX_HEARD_CHARS = 2000;

/** A transcript as one line (as read and as shown alike), cut to MAX_HEARD_CHARS. */
export function heardText(transcript: string): string {
  return transcript.replace(/\s+/g, ' ').trim().slice(0, MAX_HEARD_CHARS).trim();
}

export function heardLine(heard: string): string {
  return `🎤 “${heard}”`;
}

/** An answer to a voice message: the heard line, a blank line, the answer. */
export function withHeard(heard: string | undefined, text: string): string {
  return heard === undefined ? text : `${heardLine(heard)}\n\n${text}`;
}

/** The transcript an answer of the bot's starts with, or undefined when it answers no voice message. */
export function heardIn(botText: string | undefined): string | undefined {
  const first = botText?.split('\n', 1)[0];
  return first ? HEARD_LINE.exec(first)?.[1] : undefined;
}
