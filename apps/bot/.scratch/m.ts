import { createContext } from '../src/parse/context';
import { partsOf } from '../src/parse/line-parts';
import { loadBlindSets, membersOf } from '../bench/blind-sets';
const [g, me, text] = process.argv.slice(2);
const group = loadBlindSets().find(s=>s.groups[g!])!!.groups[g!]!;
const ctx = createContext({ text: text!, members: membersOf(group), writerId: me!, currency: group.currency });
for (const w of ['миша','маша','Миш']) console.log(w, JSON.stringify(ctx.matcher.matchWord(w)));
console.log(partsOf(text!, ctx).map(p => `${p.written}:${p.class}:${JSON.stringify(p.match)}`).join(' | '));
for (const w of process.argv.slice(5)) console.log(w, [...ctx.matcher.casesOf(w)], JSON.stringify(ctx.matcher.matchWord(w)));
