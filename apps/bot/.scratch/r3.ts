import { createContext } from '../src/parse/context';
import { readLine } from '../src/parse/line-reader';
const ctx = createContext({ text: 'x', members: [{id:'tom',name:'Tom',username:'tommy'},{id:'s',name:'Sarah Lee'},{id:'mike',name:'Mike'},{id:'priya',name:'Priya'},{id:'alex',name:'Alex'}], writerId: 's', currency: 'USD' });
const r = readLine(process.argv[2]!, ctx).reading;
console.log(JSON.stringify(Object.fromEntries(Object.entries(r).filter(([,v]) => v && (!Array.isArray(v) || v.length)))));
import { maskNonMoney } from '../src/parse/non-money';
import { numbersInWords } from '../src/parse/number-words';
console.log(maskNonMoney(numbersInWords(process.argv[2]!)));
