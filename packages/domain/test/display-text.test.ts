import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanExternalName,
  displayNameSchema,
  escapeForTerminal,
  hasUnsafeNameCharacters,
  isTelegramUserId,
  isVisiblyEmpty,
  nameProblem,
  notesSchema,
} from '../src';

/** Everything a name must not carry: C0, DEL, C1, bidi embeddings/overrides/isolates, line separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

describe('names others see', () => {
  it('refuses control characters, bidi controls and line breaks, and names with nothing visible', () => {
    const schema = displayNameSchema(100);
    for (const name of [
      'A\u0007\u001b[31mB',
      'A\u009b2J',
      'Mal\u202egnp.exe',
      '\u2066x\u2069',
      'A\nB',
      'A\r\nB',
      'A\u2028B',
      '\u200b\u200b',
      '\u3164',
      '\u2800\u2060\ufeff',
      '   ',
    ]) {
      expect(schema.safeParse(name).success, JSON.stringify(name)).toBe(false);
    }
    expect(nameProblem('Mal\u202egnp.exe')).toBe('unsafe');
    expect(nameProblem('\u200b')).toBe('empty');
    expect(nameProblem('Аня')).toBeUndefined();
  });

  it('takes names in every script, emoji with joiners and marks inside words', () => {
    const schema = displayNameSchema(100);
    for (const name of [
      'Анна-Мария',
      'محمد',
      'שלום',
      '李小龍',
      'Zoë 👩‍👩‍👧',
      'Jean\u00a0Luc',
      'नमस्ते',
      'O’Brien',
    ]) {
      expect(schema.parse(name)).toBe(name);
    }
    expect(displayNameSchema(200, { optional: true }).parse('  ')).toBe('');
    expect(displayNameSchema(200, { optional: true }).safeParse('\u200b').success).toBe(false);
  });

  it('lets notes keep line breaks and tabs, nothing else of the kind', () => {
    expect(notesSchema.parse('one\ntwo\r\n\tthree')).toBe('one\ntwo\r\n\tthree');
    for (const notes of ['a\u001bb', 'a\u202eb', 'a\u0000b', 'a\u0085b']) {
      expect(notesSchema.safeParse(notes).success, JSON.stringify(notes)).toBe(false);
    }
  });

  it('escapes for a terminal so nothing raw is left, and leaves safe text alone', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const escaped = escapeForTerminal(text);
        expect(UNSAFE.test(escaped)).toBe(false);
        if (!UNSAFE.test(text)) expect(escaped).toBe(text);
      }),
    );
    expect(escapeForTerminal('A\u0007\u001b[31mB\nC')).toBe('A\\u0007\\u001b[31mB\\u000aC');
  });

  it('cleans a name from Telegram or OAuth into one that passes, or into nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const cleaned = cleanExternalName(text);
        expect(hasUnsafeNameCharacters(cleaned)).toBe(false);
        if (cleaned !== '') expect(isVisiblyEmpty(cleaned)).toBe(false);
      }),
    );
    expect(cleanExternalName('Ann\nLee\u202e')).toBe('Ann Lee');
  });
});

describe('Telegram user ids', () => {
  it('are positive integers JavaScript holds exactly, as text or number', () => {
    for (const id of ['1', '123456789', '9007199254740991', 777000, 2 ** 52])
      expect(isTelegramUserId(id)).toBe(true);
    for (const id of [
      '0',
      '-5',
      '01',
      '1.5',
      '9007199254740992',
      '12345678901234567890',
      '',
      ' 1',
      1.5,
      -1,
    ]) {
      expect(isTelegramUserId(id), String(id)).toBe(false);
    }
  });
});
