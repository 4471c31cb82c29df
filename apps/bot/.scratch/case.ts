import { createContext } from '../src/parse/context';
import { parseWithRules } from '../src/parse/rules';
import { loadBlindSets, membersOf, score } from '../bench/blind-sets';
// usage: npx tsx .scratch/case.ts c035 c038 ...   or   npx tsx .scratch/case.ts @couple:anya "text"
const args = process.argv.slice(2);
const sets = loadBlindSets();
if (args[0]?.startsWith('@')) {
  const [g, me] = args[0].slice(1).split(':');
  const group = sets[2]!.groups[g!]!;
  for (const text of args.slice(1)) {
    const r = parseWithRules(createContext({ text, members: membersOf(group), writerId: me!, currency: group.currency }));
    console.log(text, '=>', JSON.stringify(r.kind === 'expense' ? r.proposal : r.kind === 'settlement' ? r.settlement : r));
  }
} else for (const id of args) for (const set of sets) for (const c of set.cases) if (c.id === id) {
  const group = set.groups[c.group]!;
  const r = parseWithRules(createContext({ text: c.text, members: membersOf(group), writerId: c.me, currency: group.currency }));
  console.log(id, c.group, c.me, JSON.stringify(c.text));
  console.log('  expect', JSON.stringify(c.expect), c.note ?? '');
  console.log('  got   ', JSON.stringify(r.kind === 'expense' ? r.proposal : r.kind === 'settlement' ? r.settlement : r));
  console.log('  score ', JSON.stringify(score(c, group, r)));
}
