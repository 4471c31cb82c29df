import { createContext } from '../src/parse/context';
import { partsOf } from '../src/parse/line-parts';
import { takeRecipients } from '../src/parse/line-recipients';
const ctx = createContext({ text: 'x', members: [{id:'tom',name:'Tom'},{id:'s',name:'Sarah'}], writerId: 's', currency: 'USD' });
const parts = partsOf(process.argv[2]!, ctx);
console.log(parts.map(p=>[p.token.kind,p.token.text, p.used]));
console.log(takeRecipients(parts).map(p=>p.written));
