import { describe, expect, it } from 'vitest';
import { createMemberMatcher } from '../src/parse/member-matcher';
import { nameForms } from '../src/parse/name-forms';
import { EN_MEMBERS, OFFICE_MEMBERS, RU_MEMBERS } from './fixtures/groups';

const ru = createMemberMatcher(RU_MEMBERS);
const en = createMemberMatcher(EN_MEMBERS);
const office = createMemberMatcher(OFFICE_MEMBERS);
const member = (memberId: string) => ({ kind: 'member', memberId });
/** A match through a typo: marked, so the reader takes it only where a person stands. */
const typo = (memberId: string) => ({ kind: 'member', memberId, typo: true });

describe('case forms', () => {
  it('declines names for both genders and keeps the union', () => {
    expect(nameForms('Аня')).toEqual(expect.arrayContaining(['аня', 'ани', 'ане', 'аню', 'аней']));
    expect(nameForms('Саша')).toEqual(expect.arrayContaining(['саша', 'саши', 'саше', 'сашу', 'сашей']));
    expect(nameForms('Игорь')).toEqual(
      expect.arrayContaining(['игорь', 'игоря', 'игорю', 'игорем', 'игоре']),
    );
    expect(nameForms('Петров', 'last')).toEqual(expect.arrayContaining(['петров', 'петрова', 'петрову']));
    expect(nameForms('Лёша')).toContain('лешей');
    expect(nameForms('Anna')).toEqual(['anna']);
  });

  it.each([
    ['Аня', 'anya'],
    ['Аню', 'anya'],
    ['Ане', 'anya'],
    ['Аней', 'anya'],
    ['Ани', 'anya'],
    ['Боря', 'borya'],
    ['Борю', 'borya'],
    ['Боре', 'borya'],
    ['Борей', 'borya'],
    ['Дима', 'dima'],
    ['Диму', 'dima'],
    ['Диме', 'dima'],
    ['Димой', 'dima'],
    ['Петрову', 'dima'],
    ['Сашу', 'sasha'],
    ['Сашей', 'sasha'],
    ['Игоря', 'igor'],
    ['Игорем', 'igor'],
    ['Настей', 'nastya'],
    ['АНЕ', 'anya'],
    ['настю', 'nastya'],
  ])('"%s" is %s', (word, id) => {
    expect(ru.matchWord(word)).toEqual(member(id));
  });

  it('reads ё as е', () => {
    const matcher = createMemberMatcher([{ id: 'lyosha', name: 'Лёша' }]);
    expect(matcher.matchWord('Леше')).toEqual(member('lyosha'));
    expect(matcher.matchWord('Лёшей')).toEqual(member('lyosha'));
  });
});

describe('usernames, longer names and the writer', () => {
  it('matches usernames with or without @, in any case', () => {
    expect(ru.matchWord('@borya')).toEqual(member('borya'));
    expect(ru.matchWord('borya')).toEqual(member('borya'));
    expect(ru.matchWord('@IGOR_M')).toEqual(member('igor'));
    expect(en.matchWord('@bobby')).toEqual(member('bob'));
    expect(ru.matchWord('@nobody')).toEqual({ kind: 'none' });
  });

  it('takes the first name or the surname of a longer name, and the whole of it', () => {
    expect(ru.matchName('Дима')).toEqual(member('dima'));
    expect(ru.matchName('Дима Петров')).toEqual(member('dima'));
    expect(en.matchName('Dave Miller')).toEqual(member('dave'));
    expect(en.matchName('Miller')).toEqual(member('dave'));
    expect(office.matchName('Дима Соколов')).toEqual(member('dimas'));
    expect(office.matchName('Диму Соколова')).toEqual(member('dimas'));
  });

  it.each(['я', 'мне', 'меня', 'себя', 'себе', 'мной', 'me', 'I', 'my', 'myself', 'Me'])(
    '"%s" is the writer',
    (word) => {
      expect(ru.matchWord(word)).toEqual({ kind: 'writer' });
    },
  );

  it("reads an English possessive as the name ('Bob's')", () => {
    expect(en.matchWord("Bob's")).toEqual(member('bob'));
  });
});

describe('ambiguity', () => {
  it('reports every member a name fits, never picking one', () => {
    expect(office.matchName('Дима')).toEqual({ kind: 'ambiguous', candidates: ['dimap', 'dimas'] });
    expect(office.matchName('Диме')).toEqual({ kind: 'ambiguous', candidates: ['dimap', 'dimas'] });
  });

  it('settles it with the surname', () => {
    const first = office.matchWord('Дима');
    expect(office.combine(first, office.matchWord('Петрова'))).toEqual(member('dimap'));
    expect(office.combine(ru.matchWord('Боря'), ru.matchWord('Дима'))).toBeUndefined();
  });
});

describe('typos', () => {
  it.each([
    ['Игрорь', 'igor'],
    ['Игорб', 'igor'],
    ['Наастя', 'nastya'],
    ['Петрво', 'dima'],
  ])('"%s" is %s', (word, id) => {
    expect(ru.matchWord(word)).toEqual(typo(id));
  });

  it('forgives a swap of letters and a doubled letter in English names', () => {
    expect(en.matchWord('Chralie')).toEqual(typo('charlie'));
    expect(en.matchWord('Emmma')).toEqual(typo('emma'));
  });

  it('marks a typo in a short word, which may be another word, for the reader to weigh', () => {
    expect(ru.matchWord('каша')).toEqual({ kind: 'none' });
    expect(ru.matchWord('дома')).toEqual(typo('dima'));
    expect(en.matchWord('Bo')).toEqual({ kind: 'none' });
  });

  it('never turns a common word into a name', () => {
    for (const word of ['за', 'и', 'на', 'все', 'домой', 'пиццу', 'такси', 'for', 'and', 'dinner', 'all']) {
      expect(ru.matchWord(word), word).toEqual({ kind: 'none' });
      expect(en.matchWord(word), word).toEqual({ kind: 'none' });
    }
  });

  it('does not read another first name as a typo ("Алёна" is not "Алина")', () => {
    const matcher = createMemberMatcher([{ id: 'alina', name: 'Алина' }]);
    expect(matcher.matchWord('Алёна')).toEqual({ kind: 'none' });
    expect(matcher.matchWord('Аллина')).toEqual(typo('alina'));
  });

  it('reports a typo that fits two members equally as ambiguous', () => {
    const matcher = createMemberMatcher([
      { id: 'marina', name: 'Марина' },
      { id: 'marini', name: 'Марини' },
    ]);
    expect(matcher.matchWord('Марино')).toEqual({
      kind: 'ambiguous',
      candidates: ['marina', 'marini'],
      typo: true,
    });
  });
});

describe('familiar and full forms, both ways (given-names.ts)', () => {
  const trip = createMemberMatcher([
    { id: 'pavel', name: 'Павел Смирнов' },
    { id: 'olga', name: 'Ольга' },
    { id: 'zhenya', name: 'Евгения' },
    { id: 'sasha', name: 'Саша' },
    { id: 'lena', name: 'Лена' },
  ]);

  it.each([
    ['Паша', 'pavel'],
    ['пашке', 'pavel'],
    ['Пашей', 'pavel'],
    ['Оля', 'olga'],
    ['оле', 'olga'],
    ['Олькой', 'olga'],
    ['Женя', 'zhenya'],
    ['Женей', 'zhenya'],
    ['Александр', 'sasha'],
    ['Саня', 'sasha'],
    ['Сашке', 'sasha'],
    ['Елена', 'lena'],
    ['Ленка', 'lena'],
    ['Ленкой', 'lena'],
  ])('"%s" is %s', (word, id) => {
    expect(trip.matchWord(word)).toEqual(member(id));
  });

  it('reads Latin spellings and words typed with two keyboards', () => {
    for (const [word, id] of [
      ['Pasha', 'pavel'],
      ['Olya', 'olga'],
      ['olga', 'olga'],
      ['Zhenya', 'zhenya'],
      ['Sasha', 'sasha'],
      ['Lena', 'lena'],
      ['Пaша', 'pavel'],
    ] as const) {
      expect(trip.matchWord(word), word).toEqual(member(id));
    }
    expect(en.matchWord('Майк')).toEqual({ kind: 'none' });
    const flat = createMemberMatcher([
      { id: 'mike', name: 'Mike' },
      { id: 'tom', name: 'Tom' },
    ]);
    expect(flat.matchWord('Майк')).toEqual(member('mike'));
    expect(flat.matchWord('Michael')).toEqual(member('mike'));
    // "тому" (to that) and "жене" (to the wife) are one letter from a name: only marked as typos.
    expect(flat.matchWord('тому')).toEqual(typo('tom'));
    expect(trip.matchWord('жене')).toEqual(typo('zhenya'));
  });

  it('makes a familiar form of two full names ambiguous between them', () => {
    const both = createMemberMatcher([
      { id: 'alexander', name: 'Александр' },
      { id: 'alexandra', name: 'Александра' },
    ]);
    expect(both.matchWord('Саша')).toEqual({ kind: 'ambiguous', candidates: ['alexander', 'alexandra'] });
    expect(both.matchWord('Александрой')).toEqual(member('alexandra'));
    expect(both.matchWord('Александре')).toEqual({
      kind: 'ambiguous',
      candidates: ['alexander', 'alexandra'],
    });
  });

  it('reads a first name and the initial of the last', () => {
    expect(office.matchName('дима п')).toEqual(member('dimap'));
    expect(office.matchName('Дима С.')).toEqual(member('dimas'));
  });
});
