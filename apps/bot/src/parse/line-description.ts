import { isWord, type Part, wordIs } from './line-parts';
import { nominativePhrase } from './morphology';
import { cyrillicReading } from './names/translit';
import { verbKindOf } from './verbs';
import { THANKS_WORDS } from './vocabulary';

/** Chat words around an expense that never name what was bought. */
const DISCOURSE = new Set(
  `короче кароче ну слушайте слушай вчера сегодня завтра тут вот так типа кстати коллеги ребята ребят народ
   напоминаю что мы нас вас них там ещё еще уже опять снова ладно блин вообще просто ушло ушла ушли вышло вышла получилось
   сходили сходил сходила ходили ели поели съели пили выпили посидели заказали заказал заказала
   ok okay so hey guys lol just also well anyway yo btw we was were is are went yesterday today tomorrow tonight back
   had did ate grabbed ordered here your`.split(/\s+/),
);

/** Idioms right after a verb of paying: "got the bill", "picked up the tab", "took care of". */
const IDIOMS = new Set(['bill', 'tab', 'care', 'up', 'check']);

const MAX_WORDS = 5;
const PLACE_PREPOSITIONS = ['в', 'во', 'to', 'at', 'the'];

function isContent(part: Part, recipients: readonly Part[]): boolean {
  if (recipients.includes(part)) return true;
  if (part.token.kind !== 'word') return part.token.kind === 'amount' || part.token.kind === 'number';
  return part.class === 'plain' && !DISCOURSE.has(part.token.norm) && !THANKS_WORDS.has(part.token.norm);
}

/** "got the bill", "picked up the tab": the words of the idiom right after the verb. */
function isIdiom(parts: readonly Part[], index: number): boolean {
  const part = parts[index]!;
  if (part.token.kind !== 'word' || !IDIOMS.has(part.token.norm)) return false;
  for (let at = index - 1; at >= 0; at--) {
    const before = parts[at]!;
    if (before.verb) return true;
    if (!wordIs(before, 'the', 'a', 'up', 'care')) return false;
  }
  return false;
}

/**
 * What was paid for, as a title: the stretch of words no role took that follows «за»/"for" (the
 * purpose), else the first one; from its first word that says something, at most five words; its
 * head put in the nominative («за пиццу» -> «пицца», «3 пива» -> «пиво»); a gift's recipient kept
 * («подарок Свете»).
 */
export function describe(parts: readonly Part[], recipients: readonly Part[]): string | null {
  const stretches: Part[][] = [[]];
  parts.forEach((part, index) => {
    const kind = part.token.kind;
    const word = kind === 'word' && (!part.used || recipients.includes(part)) && !isIdiom(parts, index);
    const digits =
      (kind === 'amount' || kind === 'number') && !part.used && (part.notMoney || kind === 'number');
    if (word || digits) stretches.at(-1)?.push(part);
    else if (stretches.at(-1)?.length) stretches.push([]);
  });
  const titled = stretches
    .map((stretch) => ({ stretch, words: titleWords(stretch, recipients) }))
    .filter(({ words }) => words.length > 0);
  const purpose = titled.find(({ stretch }) => {
    const before = parts[parts.indexOf(stretch[0]!) - 1];
    return isWord(before, 'for') || wordIs(stretch[0], 'за', 'for');
  });
  const chosen = purpose ?? titled[0];
  if (!chosen) return null;
  const first = chosen.words[0]!;
  const before = parts[parts.indexOf(first) - 1];
  const afterCount = before?.token.kind === 'amount' && before.notMoney;
  const preposition = before?.token.kind === 'word' ? before.token.norm : afterCount ? 'из' : undefined;
  const translit = isTranslit(parts);
  const inCyrillic = (written: string) => (translit ? cyrillicWord(written) : written);
  return nominativePhrase(
    chosen.words.map((part) => inCyrillic(part.written)),
    preposition && inCyrillic(preposition),
  ).join(' ');
}

/** «zaplatil za benzin»: Russian in Latin letters, which a verb read through Cyrillic shows. */
function isTranslit(parts: readonly Part[]): boolean {
  return parts.some(
    (part) =>
      part.verb !== null && /^[a-z]+$/i.test(part.token.text) && verbKindOf(part.token.text) === undefined,
  );
}

function cyrillicWord(written: string): string {
  const reading = cyrillicReading(written.toLowerCase());
  // "bilety": a y after a consonant is ы, not й.
  return reading ? reading.replace(/([бвгджзклмнпрстфхцчшщ])й/g, '$1ы') : written;
}

/** The title's words in a stretch: from the first that says something, at most five. */
function titleWords(stretch: readonly Part[], recipients: readonly Part[]): Part[] {
  let start = stretch.findIndex((part) => isContent(part, recipients));
  // «сходили в кафе», "went to the cinema": the place, without the way there.
  while (start >= 0 && start < stretch.length - 1 && wordIs(stretch[start], ...PLACE_PREPOSITIONS)) start++;
  if (start < 0) return [];
  const words = stretch.slice(start, start + MAX_WORDS);
  while (words.length > 0 && !isContent(words.at(-1)!, recipients)) words.pop();
  return words;
}
