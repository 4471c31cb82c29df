/**
 * Text people type that others see as a name (members, profiles, groups, expenses, items) must
 * not carry characters that change how the text around it looks: C0 and C1 control characters
 * (a terminal obeys ESC, BEL and CSI sequences), bidirectional overrides and isolates (which
 * make "Mal\u202Egnp.exe" show as "Malexe.png"), and line breaks (which fake extra lines in
 * a list, a bot message or an export).
 */
const CONTROL = '\\u0000-\\u001f\\u007f-\\u009f';
const BIDI_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069';
const LINE_SEPARATORS = '\\u2028\\u2029';

const UNSAFE_IN_NAME = new RegExp(`[${CONTROL}${BIDI_CONTROLS}${LINE_SEPARATORS}]`, 'u');
/** Notes may hold line breaks and tabs; nothing else of the above. */
const UNSAFE_IN_NOTES = new RegExp(
  `[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${BIDI_CONTROLS}]`,
  'u',
);

/**
 * What a reader cannot see: white space, default-ignorable code points (zero-width spaces and
 * joiners, variation selectors, the Hangul fillers, soft hyphens…), format characters, and the
 * blank braille pattern, a favourite of "empty" nicknames.
 */
const INVISIBLE = /[\s\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]/gu;

export function hasUnsafeNameCharacters(text: string): boolean {
  return UNSAFE_IN_NAME.test(text);
}

export function hasUnsafeNotesCharacters(text: string): boolean {
  return UNSAFE_IN_NOTES.test(text);
}

/** True when nothing of the text would show: empty, or only spaces and invisible characters. */
export function isVisiblyEmpty(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}

/** What is wrong with a name a person typed, for a form to say before the server refuses it. */
export function nameProblem(text: string): 'empty' | 'unsafe' | undefined {
  if (hasUnsafeNameCharacters(text)) return 'unsafe';
  if (isVisiblyEmpty(text)) return 'empty';
  return undefined;
}

export const UNSAFE_NAME_MESSAGE = 'Remove control characters, line breaks and text-direction marks';
export const UNSAFE_NOTES_MESSAGE = 'Remove control characters and text-direction marks';

/**
 * A name from somewhere we cannot refuse (a Telegram or OAuth profile): the unsafe characters
 * dropped (a line break becomes a space), spaces collapsed; '' when nothing visible is left.
 */
export function cleanExternalName(text: string): string {
  const cleaned = text
    .replace(/[\r\n\u2028\u2029\t]+/g, ' ')
    .replace(new RegExp(`[${CONTROL}${BIDI_CONTROLS}]`, 'gu'), '')
    .replace(/\s+/g, ' ')
    .trim();
  return isVisiblyEmpty(cleaned) ? '' : cleaned;
}

const TERMINAL_UNSAFE = new RegExp(`[${CONTROL}${BIDI_CONTROLS}${LINE_SEPARATORS}]`, 'gu');

/**
 * User text made harmless for a terminal: every control character, bidi control and line
 * separator becomes its \uXXXX escape (a line break too, so one value stays one line).
 */
export function escapeForTerminal(text: string): string {
  return text.replace(
    TERMINAL_UNSAFE,
    (character) => `\\u${character.codePointAt(0)!.toString(16).padStart(4, '0')}`,
  );
}
