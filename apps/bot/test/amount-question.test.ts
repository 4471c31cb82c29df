import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/parse/context';
import { parseWithRules } from '../src/parse/rules';
import type { GroupInfo } from './support/dolya-server';
import type { SentMessage } from './support/telegram-stand-in';
import { buttonData, type Chat, privateChat } from './support/updates';
import { startWorld, type World } from './support/world';

/**
 * A payment written without its amount («Боря заплатил за паром», «оплатила», "tom paid me back"):
 * the bot asks «Сколько?» quoting the message, and the amount typed in reply makes the draft
 * (issue 24: blind set G's declines were nearly all this). Saved once, like any draft.
 */
const MEMBERS = [
  { id: 'me', name: 'Демо' },
  { id: 'anya', name: 'Аня' },
  { id: 'borya', name: 'Боря' },
];
const read = (text: string) =>
  parseWithRules(createContext({ text, members: MEMBERS, writerId: 'me', currency: 'RUB' }));
const firstQuestion = (text: string) => {
  const result = read(text);
  if (result.kind === 'expense') return result.proposal.questions[0];
  if (result.kind === 'settlement') return result.settlement.questions[0];
  return result.reason;
};

describe('reading a payment without its amount', () => {
  it.each([
    ['Боря заплатил за паром'],
    ['оплатила'],
    ['заплатил за кино, сумму скину позже'],
    ['Sasha paid for the beers'],
    ['Аня вернула мне долг'],
    ['мы с Аней в расчёте'],
    ['tom paid me back'],
  ])('«%s» asks how much, with no candidates to press', (text) => {
    expect(firstQuestion(text)).toEqual({ kind: 'amount', candidates: [] });
  });

  it.each([['я не платил за такси'], ['ещё не оплатила'], ["haven't paid yet"], ['такси'], ['привет']])(
    '«%s» is still no expense',
    (text) => {
      expect(read(text).kind).toBe('not-expense');
    },
  );

  it('keeps what it could read: the payer, the title, the people; no amount yet', () => {
    const result = read('Боря заплатил за паром за себя и Аню');
    expect(result.kind).toBe('expense');
    if (result.kind !== 'expense') return;
    expect(result.proposal).toMatchObject({
      name: 'Паром',
      amountCents: 0,
      payerId: 'borya',
      participantIds: ['anya', 'borya'],
    });
    expect(result.proposal.splits).toBeUndefined();
  });
});

let world: World;
let demo: Awaited<ReturnType<World['linkedPerson']>>;
let group: GroupInfo;
const groupChat: Chat = { id: -100_777_000_333, type: 'supergroup', title: 'Поездка' };
const nb = (text: string) => text.replace(/(?<=\d) (?=\d{3}(?:,| |$))| (?=₽)/g, '\u00a0');

beforeAll(async () => {
  world = await startWorld();
  demo = await world.linkedPerson('Демо');
  group = await demo.createGroup('Поездка', ['Аня', 'Боря']);
  world.telegram.setChatMemberStatus(groupChat.id, demo.telegram.id, 'creator');
  await world.send(world.updates.text(groupChat, demo.telegram, '/connect'));
});
afterAll(async () => {
  await world?.close();
});

const chat = () => privateChat(demo.telegram);
const repliesTo = (where: Chat, messageId: number): SentMessage[] =>
  world.telegram.messagesIn(where.id).filter((message) => message.reply_to_message_id === messageId);

/** Writes a message and answers the bot's question with a reply; the bot's answer to that reply. */
async function askedThenAnswered(text: string, typed: string, where: Chat = chat()) {
  const update = world.updates.text(where, demo.telegram, text);
  await world.send(update);
  const question = repliesTo(where, update.message!.message_id)[0];
  const answer = world.updates.text(where, demo.telegram, typed, question);
  await world.send(answer);
  return { question, reply: repliesTo(where, answer.message!.message_id)[0] };
}

async function expensesNamed(name: string) {
  const all = await demo.web.get<{ name: string; amount: number; paidById: string }[]>(
    `/api/groups/${group.id}/expenses`,
  );
  return all.filter((expense) => expense.name === name);
}

describe('the bot asks how much', () => {
  it('quotes the message, asks for the amount; the typed «1500» makes the draft, saved once', async () => {
    const { question, reply } = await askedThenAnswered('Боря заплатил за паром', '1500');
    expect(question?.text).toBe(
      'Боря заплатил за паром\n\n«Паром» — ❓\n\nСколько? Ответьте на это сообщение суммой, например: 1500.',
    );
    expect(question?.entities).toEqual([{ type: 'blockquote', offset: 0, length: 22 }]);
    expect(question?.reply_markup).toBeUndefined();
    expect(reply?.text).toBe(
      nb('«Паром» — 1 500 ₽\nКто платил: Боря\nДелят: Демо 500 ₽ · Аня 500 ₽ · Боря 500 ₽'),
    );

    await world.send(world.updates.press(demo.telegram, reply!, buttonData(reply, '✅ Сохранить')));
    await world.send(world.updates.press(demo.telegram, reply!, buttonData(reply, '✅ Сохранить')));
    const saved = await expensesNamed('Паром');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ amount: 1500, paidById: group.seat('Боря') });
  });

  it('«оплатила» → «800»: then what it was for, by a button that reads the quoted text', async () => {
    const { reply } = await askedThenAnswered('оплатила', '800');
    expect(reply?.text).toMatch(new RegExp(`^${nb('оплатила 800\n\n«❓» — 800 ₽')}\n\nЗа что это\\?`));
    expect(reply?.entities).toEqual([{ type: 'blockquote', offset: 0, length: 12 }]);
    await world.send(world.updates.press(demo.telegram, reply!, buttonData(reply, 'Кафе')));
    const draft = world.telegram.message(chat().id, reply!.message_id);
    expect(draft?.text).toBe(
      nb('«Кафе» — 800 ₽\nКто платил: Демо\nДелят: Демо 266,68 ₽ · Аня 266,66 ₽ · Боря 266,66 ₽'),
    );
  });

  it('a repayment without its amount: «Аня вернула мне долг» → «500» is her repayment to me', async () => {
    const { question, reply } = await askedThenAnswered('Аня вернула мне долг', '500');
    expect(question?.text).toContain('Возврат долга — ❓');
    expect(reply?.text.split('\n')[0]).toBe(nb('Возврат долга — 500 ₽'));
    expect(reply?.text).toContain('Аня → Демо');
  });

  it('in the group chat: a mention asks, a reply to the question answers', async () => {
    const { question, reply } = await askedThenAnswered(
      '@dolya_test_bot Боря оплатил такси',
      '700',
      groupChat,
    );
    expect(question?.text.split('\n')[0]).toBe('Боря оплатил такси');
    expect(reply?.text.split('\n')[0]).toBe(nb('«Такси» — 700 ₽'));
  });

  it('«я не платил за такси» is still answered as no expense', async () => {
    const update = world.updates.text(chat(), demo.telegram, 'я не платил за такси');
    await world.send(update);
    expect(repliesTo(chat(), update.message!.message_id)[0]?.text).toMatch(/^Не вижу суммы/);
  });
});
