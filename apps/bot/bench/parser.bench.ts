import { parseWithRules } from '../src/parse/rules';
import { contextOf, mistakesIn } from '../test/fixtures/check-phrase';
import { LATER_PHRASES } from '../test/fixtures/later-phrases';
import { PHRASES, type Phrase } from '../test/fixtures/phrases';

// The rule-based parser over the phrase sets: the share read fully correctly, then every miss.
function measure(phrases: readonly Phrase[]) {
  const failures = phrases.flatMap((phrase) => {
    const mistakes = mistakesIn(phrase, parseWithRules(contextOf(phrase)));
    return mistakes.length > 0 ? [{ phrase, mistakes }] : [];
  });
  return { total: phrases.length, correct: phrases.length - failures.length, failures };
}

const line = (label: string, { correct, total }: { correct: number; total: number }) =>
  `${label}: ${correct} of ${total} fully correct (${((correct / total) * 100).toFixed(1)} %)`;

const started = performance.now();
const first = measure(PHRASES);
const later = measure(LATER_PHRASES);
const elapsed = performance.now() - started;
const all = { total: first.total + later.total, correct: first.correct + later.correct };

console.log(
  'Rule-based parser (amount, payer, participants, splits, items, currency, unknown/ambiguous names)',
);
console.log(line('  phrase set', first));
console.log(line('  later set, written after the parser', later));
console.log(line('  all phrases', all));
console.log(`  ${(elapsed / all.total).toFixed(2)} ms a phrase`);
for (const { phrase, mistakes } of [...first.failures, ...later.failures]) {
  console.log(`\n✗ [${phrase.group}, writer ${phrase.me}] ${JSON.stringify(phrase.text)}`);
  for (const mistake of mistakes) console.log(`    ${mistake}`);
}
