import { isPerson, isWord, type Part, wordIs } from './line-parts';
import { amountOf } from './line-roles';

export interface NameLists {
  participants: Part[];
  /** "с Аней", "with Bob": the writer takes part too. */
  withWriter: boolean;
  everyone: boolean;
  excluded: Part[];
  /** "он", "she" in a list: the payer named in the message. */
  payerPronoun: boolean;
  /** "everyone but him", «все кроме неё»: a pronoun after "except": the gift's recipient, else the payer. */
  excludedPronoun: boolean;
  /** A list was opened by a word («за», «с», "for"): the people are said to share. */
  opened: boolean;
}

type Opener = 'for' | 'with' | 'except';

const LIST_PUNCTUATION = /^[,&+]$/;

function continuesList(part: Part | undefined): boolean {
  if (!part || part.used) return false;
  if (isPerson(part) || isWord(part, 'everyone') || isWord(part, 'joint') || isWord(part, 'pronoun'))
    return true;
  return part.token.kind === 'punct' && LIST_PUNCTUATION.test(part.token.text);
}

function opensList(part: Part, previous: Part | undefined): Opener | undefined {
  if (part.used || part.token.kind !== 'word') return undefined;
  // "everyone but him", "all of us but Kirill".
  if (wordIs(part, 'but') && (isWord(previous, 'everyone') || wordIs(previous, 'us'))) return 'except';
  return part.class === 'for' || part.class === 'with' || part.class === 'except' ? part.class : undefined;
}

/** «он, я и Лена»: a pronoun heading a list of people. */
function listGoesOn(parts: readonly Part[], start: number): boolean {
  const joint = parts[start + 1];
  const isJoint =
    isWord(joint, 'joint') || (joint?.token.kind === 'punct' && LIST_PUNCTUATION.test(joint.token.text));
  return isJoint && isPerson(parts[start + 2]);
}

/** Right after the amount, maybe past a dash: "1200р - Аня, Игорь", "200 Вася". */
function followsAmount(parts: readonly Part[], start: number): boolean {
  let before = start - 1;
  if (parts[before]?.token.kind === 'punct' && /^[-—–(]$/.test(parts[before]?.token.text ?? '')) before--;
  const part = parts[before];
  return amountOf(part) !== undefined && !part?.notMoney;
}

/**
 * Lists of people: "я, Аня и Боря", "за Аню и Борю", "с Настей", "кроме Игоря", "all". A list
 * counts when it names a member, follows "за"/"с"/"кроме" (or their English words), follows
 * the amount, or says everyone; only then are its unknown names reported as names.
 */
export function takeNameLists(parts: Part[]): NameLists {
  const lists: NameLists = {
    participants: [],
    withWriter: false,
    everyone: false,
    excluded: [],
    payerPronoun: false,
    excludedPronoun: false,
    opened: false,
  };
  let index = 0;
  while (index < parts.length) {
    const part = parts[index] as Part;
    const opener = opensList(part, parts[index - 1]);
    const start = opener ? index + 1 : index;
    const startsList =
      isPerson(parts[start]) ||
      (isWord(parts[start], 'everyone') && !parts[start]?.used) ||
      (isWord(parts[start], 'pronoun') && (opener !== undefined || listGoesOn(parts, start)));
    if (!startsList) {
      index += 1;
      continue;
    }
    let end = start;
    while (continuesList(parts[end])) end++;
    while (end > start && (isWord(parts[end - 1], 'joint') || parts[end - 1]?.token.kind === 'punct')) end--;
    const run = parts.slice(start, end);
    const names = run.some((member) => member.class === 'name' || isWord(member, 'everyone'));
    if (opener || names || followsAmount(parts, start)) {
      if (opener) {
        part.used = true;
        lists.opened = true;
      }
      // «саня и ленка не поехали», "Kirill not included", «я не ел»: the people who did not share.
      const negated = !opener && isNegation(parts[end]);
      if (negated) parts[end]!.used = true;
      takeList(run, negated ? 'except' : opener, lists);
    }
    index = end;
  }
  return lists;
}

const NEGATIONS = [
  'не',
  'not',
  "didn't",
  'didnt',
  "wasn't",
  'wasnt',
  "weren't",
  'werent',
  "isn't",
  "aren't",
  "won't",
];

function isNegation(part: Part | undefined): boolean {
  return wordIs(part, ...NEGATIONS);
}

function takeList(run: Part[], opener: Opener | undefined, lists: NameLists) {
  for (const member of run) {
    if (isWord(member, 'everyone')) {
      if (opener !== 'except') lists.everyone = true;
    } else if (isWord(member, 'pronoun')) {
      // «без жени, она не ходила»: the pronoun is the one just left out.
      if (opener === 'except') lists.excludedPronoun ||= lists.excluded.length === 0;
      else lists.payerPronoun = true;
    } else if (isPerson(member)) {
      (opener === 'except' ? lists.excluded : lists.participants).push(member);
    }
    member.used = true;
  }
  // «с Олега 450 за шаву»: «с» with the genitive is "from": Олег owes it, the writer does not share.
  if (opener === 'with' && !owedBy(run)) lists.withWriter = true;
}

function owedBy(run: readonly Part[]): boolean {
  const first = run[0];
  return (
    first !== undefined &&
    first.token.kind === 'word' &&
    /[а-я]/.test(first.token.norm) &&
    first.cases.has('genitive') &&
    !first.cases.has('instrumental')
  );
}
