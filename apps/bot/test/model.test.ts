import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createModelReader } from '../src/parse/model/model-reader';
import { parseExpense } from '../src/parse/parse';
import type { ParseRequest } from '../src/parse/types';
import { RU_MEMBERS } from './fixtures/groups';
import { answer, type StandIn, startStandIn } from './support/openai-stand-in';

const TIMEOUT_MS = 400;
let standIn: StandIn;

beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(async () => {
  await standIn.close();
});
beforeEach(() => {
  standIn.requests.length = 0;
});

function request(text: string, writerId = 'igor'): ParseRequest {
  return { text, members: RU_MEMBERS, writerId, currency: 'RUB' };
}

/** The real openai client, pointed at the stand-in. */
function model() {
  return createModelReader({
    apiKey: 'test-key',
    baseURL: standIn.baseURL,
    model: 'stand-in',
    timeoutMs: TIMEOUT_MS,
  });
}

async function parse(text: string, writerId?: string) {
  const failures: unknown[] = [];
  const result = await parseExpense(request(text, writerId), {
    model: model(),
    onModelFailure: (error) => failures.push(error),
  });
  return { result, failures };
}

describe('the model path', () => {
  it('asks once, with the members, the writer and a strict JSON schema', async () => {
    standIn.reply({ content: answer({ description: 'такси', amount: '700' }) });
    await parse('такси 700');
    expect(standIn.requests).toHaveLength(1);
    const body = standIn.requests[0] as {
      model: string;
      response_format: { type: string; json_schema: { strict: boolean; schema: { required: string[] } } };
      messages: { role: string; content: string }[];
    };
    expect(body.model).toBe('stand-in');
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
    expect(body.response_format.json_schema.schema.required.sort()).toEqual(
      [
        'amount',
        'currency',
        'description',
        'isExpense',
        'participants',
        'payer',
        'splits',
        'repayment',
        'payers',
        'giftFor',
        'repeat',
      ].sort(),
    );
    const [system, user] = body.messages;
    expect(system?.content).toContain('Аня (@anya_k)');
    expect(system?.content).toContain('Дима Петров (@dpetrov)');
    expect(system?.content).toContain('written by Игорь (@igor_m)');
    expect(system?.content).toContain('RUB');
    expect(user).toEqual({ role: 'user', content: 'такси 700' });
  });

  it('matches declined names itself: "Ане", "Борей" and "me" become members', async () => {
    // Written out in words, the amount is beyond the rules: only the model's answer can give this.
    standIn.reply({
      content: answer({
        description: 'ужин',
        amount: '1,5к',
        payer: 'Ане',
        participants: ['me', 'Ане', 'Борей'],
      }),
    });
    const { result, failures } = await parse('полторы тысячи за ужин, платила Ане, ели я, Ане и с Борей');
    expect(failures).toEqual([]);
    expect(result).toEqual({
      kind: 'expense',
      source: 'model',
      proposal: {
        name: 'Ужин',
        amountCents: 150000,
        currency: 'RUB',
        payerId: 'anya',
        participantIds: ['anya', 'borya', 'igor'],
        unknownNames: [],
        ambiguousNames: [],
        questions: [],
      },
    });
  });

  it('reads a repayment and several payers from the model as it reads them from the rules', async () => {
    standIn.reply({ content: answer({ amount: '350', repayment: { from: 'Аня', to: 'me' } }) });
    expect((await parse('Аня вернула мне триста пятьдесят')).result).toEqual({
      kind: 'settlement',
      source: 'model',
      settlement: {
        fromId: 'anya',
        toId: 'igor',
        amountCents: 35000,
        currency: 'RUB',
        note: null,
        unknownNames: [],
        ambiguousNames: [],
        questions: [],
      },
    });
    standIn.reply({
      content: answer({
        description: 'продукты',
        payers: [
          { name: 'Боря', amount: '700' },
          { name: 'я', amount: '300' },
        ],
      }),
    });
    const { result } = await parse('Боря семьсот и я триста за продукты');
    expect(result).toMatchObject({
      kind: 'expense',
      source: 'model',
      proposal: { amountCents: 100000, payerId: 'borya', payers: { borya: 70000, igor: 30000 } },
    });
  });

  it('reads per-person amounts as written, through the exact amount reader', async () => {
    standIn.reply({
      content: answer({
        description: 'обед',
        splits: [
          { name: 'я', amount: '450' },
          { name: 'Боре', amount: '380,50' },
        ],
      }),
    });
    const { result } = await parse('обед: я четыреста пятьдесят, Боре триста восемьдесят с полтиной');
    expect(result.kind === 'expense' && result.source).toBe('model');
    expect(result.kind === 'expense' && result.proposal).toMatchObject({
      amountCents: 83050,
      participantIds: ['borya', 'igor'],
      splits: { borya: 38050, igor: 45000 },
    });
  });

  it('reports a name that is in the message but no member, and a foreign currency', async () => {
    standIn.reply({
      content: answer({ amount: '20', currency: 'usd', participants: ['me', 'Костя'] }),
    });
    const { result } = await parse('двадцать баксов на двоих с Костей');
    expect(result.kind === 'expense' && result.proposal).toMatchObject({
      amountCents: 2000,
      currency: 'USD',
      foreignCurrency: 'USD',
      participantIds: ['igor'],
      unknownNames: ['Костя'],
    });
  });

  it('takes "not an expense" from the model', async () => {
    standIn.reply({ content: answer({ isExpense: false }) });
    const { result } = await parse('завтра скинемся на подарок 500?!');
    expect(result).toEqual({ kind: 'not-expense', reason: 'MODEL_NOT_EXPENSE', source: 'model' });
  });
});

describe('falling back to the rules', () => {
  const expected = {
    kind: 'expense',
    source: 'rules',
    proposal: {
      name: 'Такси',
      amountCents: 70000,
      currency: 'RUB',
      payerId: 'igor',
      participantIds: ['borya', 'igor'],
      unknownNames: [],
      ambiguousNames: [],
      questions: [],
    },
  };

  it('when the content is not JSON (a SyntaxError)', async () => {
    standIn.reply({ content: 'Sure! The expense is taxi, 700 rubles.' });
    const { result, failures } = await parse('такси 700 я и Боря');
    expect(result).toEqual(expected);
    expect(failures[0]).toBeInstanceOf(SyntaxError);
  });

  it('when the JSON does not match the schema', async () => {
    standIn.reply({ content: JSON.stringify({ isExpense: true, amount: 700 }) });
    const { result, failures } = await parse('такси 700 я и Боря');
    expect(result).toEqual(expected);
    expect(failures).toHaveLength(1);
  });

  it('when the amount is no amount our reader accepts', async () => {
    standIn.reply({ content: answer({ amount: 'seven hundred', participants: ['me', 'Боря'] }) });
    const { result, failures } = await parse('такси 700 я и Боря');
    expect(result).toEqual(expected);
    expect(String(failures[0])).toContain('not an amount');
  });

  it('when the model names someone who is neither a member nor in the message', async () => {
    standIn.reply({ content: answer({ amount: '700', participants: ['me', 'Вася'] }) });
    const { result, failures } = await parse('такси 700 я и Боря');
    expect(result).toEqual(expected);
    expect(String(failures[0])).toContain('Вася');
  });

  it('on HTTP 500', async () => {
    standIn.reply({ status: 500, body: '{"error":{"message":"boom"}}' });
    const { result, failures } = await parse('такси 700 я и Боря');
    expect(result).toEqual(expected);
    expect(failures).toHaveLength(1);
    expect(standIn.requests).toHaveLength(1);
  });

  it('when the server hangs: within the timeout, after one attempt', async () => {
    standIn.reply({ hang: true });
    const started = performance.now();
    const { result, failures } = await parse('такси 700 я и Боря');
    const elapsed = performance.now() - started;
    expect(result).toEqual(expected);
    expect(failures).toHaveLength(1);
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1500);
    expect(standIn.requests).toHaveLength(1);
  });

  it('without a model at all', async () => {
    const result = await parseExpense(request('такси 700 я и Боря'));
    expect(result).toEqual(expected);
  });
});

describe('what never goes to the model', () => {
  it('receipt lines, whose items the model answer cannot hold', async () => {
    standIn.reply({ status: 500, body: '{}' });
    const { result, failures } = await parse('пицца 800 Аня, Боря\nвино 1200 все\nдесерт 350 я');
    expect(standIn.requests).toHaveLength(0);
    expect(failures).toEqual([]);
    expect(result.kind === 'expense' && result.proposal.items).toHaveLength(3);
  });

  it('a message of emoji only', async () => {
    const { result } = await parse('👍👍');
    expect(standIn.requests).toHaveLength(0);
    expect(result).toEqual({ kind: 'not-expense', reason: 'EMPTY', source: 'rules' });
  });
});
