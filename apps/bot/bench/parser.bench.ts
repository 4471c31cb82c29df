import { createContext } from '../src/parse/context';
import { parseWithRules } from '../src/parse/rules';
import type { ParseResult } from '../src/parse/types';
import { contextOf, mistakesIn } from '../test/fixtures/check-phrase';
import { LATER_PHRASES } from '../test/fixtures/later-phrases';
import { PHRASES, type Phrase } from '../test/fixtures/phrases';
import {
  add,
  emptyTally,
  loadBlindSets,
  membersOf,
  type Outcome,
  score,
  type Tally,
  tallyLine,
} from './blind-sets';

/**
 * npm run bench:parser: the rule-based parser over every message set, each as fully correct,
 * asked (a question instead of a draft), declined and wrong (a draft with a wrong amount, payer,
 * people or kind). The blind sets (bench/blind) were written by people who never saw the parser;
 * the phrase sets of test/fixtures were written with it. `--show` lists every miss.
 */
const show = process.argv.includes('--show');
const misses: string[] = [];

/** The older phrase sets, counted the same way: a question where names are unknown is correct. */
function phraseOutcome(phrase: Phrase, result: ParseResult): Outcome {
  if (mistakesIn(phrase, result).length === 0) return 'correct';
  if (result.kind === 'not-expense') return 'declined';
  const questions = result.kind === 'expense' ? result.proposal.questions : result.settlement.questions;
  const names = result.kind === 'expense' ? result.proposal : result.settlement;
  const asked = questions.length > 0 || names.unknownNames.length > 0 || names.ambiguousNames.length > 0;
  return asked ? 'asked' : 'wrong';
}

function measurePhrases(label: string, phrases: readonly Phrase[]): [string, Tally] {
  const tally = emptyTally();
  for (const phrase of phrases) {
    const result = parseWithRules(contextOf(phrase));
    const outcome = phraseOutcome(phrase, result);
    add(tally, { outcome, mistakes: [] });
    if (outcome !== 'correct') {
      misses.push(
        `${outcome.padEnd(8)} [${label}] ${JSON.stringify(phrase.text)} :: ${mistakesIn(phrase, result).join('; ')}`,
      );
    }
  }
  return [label, tally];
}

const started = performance.now();
const rows: [string, Tally][] = [];
let messages = 0;
for (const set of loadBlindSets()) {
  const tally = emptyTally();
  for (const testCase of set.cases) {
    const group = set.groups[testCase.group]!;
    const context = createContext({
      text: testCase.text,
      members: membersOf(group),
      writerId: testCase.me,
      currency: group.currency,
    });
    const scored = score(testCase, group, parseWithRules(context));
    add(tally, scored);
    if (scored.outcome !== 'correct') {
      misses.push(
        `${scored.outcome.padEnd(8)} [${set.set} ${testCase.id}] ${JSON.stringify(testCase.text)} :: ${scored.mistakes.join('; ')}`,
      );
    }
  }
  rows.push([`blind ${set.set}`, tally]);
}
rows.push(measurePhrases('phrase set (written with the parser)', PHRASES));
rows.push(measurePhrases('later phrase set', LATER_PHRASES));
for (const [, tally] of rows) messages += tally.total;
const elapsed = performance.now() - started;

console.log('Rule-based parser: fully correct / asked / declined / wrong, per message set');
for (const [label, tally] of rows) {
  const titles = tally.titles.checked
    ? ` · titles as the bookkeeper wrote them: ${tally.titles.matching} of ${tally.titles.checked}`
    : '';
  const repeats = tally.unexpectedRepeats
    ? ` · repeats the set does not expect: ${tally.unexpectedRepeats}`
    : '';
  console.log(`  ${tallyLine(label, tally)}${titles}${repeats}`);
}
console.log(`  ${(elapsed / messages).toFixed(2)} ms a message`);
if (show) console.log(`\n${misses.join('\n')}`);
