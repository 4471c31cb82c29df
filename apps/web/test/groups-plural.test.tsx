import { describe, expect, it } from 'vitest';
import { i18n } from '../src/i18n';
import { groups as en } from '../src/i18n/en/groups';
import { groups as ru } from '../src/i18n/ru/groups';

const members = (lng: 'ru' | 'en', count: number) => i18n.getFixedT(lng, 'groups')('members', { count });

describe('group member counts (plural forms)', () => {
  it('Russian: one, few and many', () => {
    expect(members('ru', 1)).toBe('1 участник');
    expect(members('ru', 2)).toBe('2 участника');
    expect(members('ru', 4)).toBe('4 участника');
    expect(members('ru', 5)).toBe('5 участников');
    expect(members('ru', 11)).toBe('11 участников');
    expect(members('ru', 12)).toBe('12 участников');
    expect(members('ru', 21)).toBe('21 участник');
    expect(members('ru', 22)).toBe('22 участника');
    expect(members('ru', 25)).toBe('25 участников');
    expect(members('ru', 0)).toBe('0 участников');
  });

  it('English: one and other', () => {
    expect(members('en', 1)).toBe('1 member');
    expect(members('en', 2)).toBe('2 members');
    expect(members('en', 5)).toBe('5 members');
    expect(members('en', 0)).toBe('0 members');
  });

  it('has the same keys in both languages (plural suffixes aside)', () => {
    const base = (keys: string[]) =>
      [...new Set(keys.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
    expect(base(Object.keys(en))).toEqual(base(Object.keys(ru)));
  });
});
