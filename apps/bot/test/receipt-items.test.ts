import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInfo } from './support/dolya-server';
import { buttonData, privateChat } from './support/updates';
import { startWorld, type World } from './support/world';

/**
 * A receipt, one position a line, end to end (the real server, bot and Telegram stand-in):
 * what Save stores besides the items themselves — each item's split, the per-member parts they
 * make, and the lines as recognised, kept as the expense's snapshot.
 */
let world: World;
let demo: Awaited<ReturnType<World['linkedPerson']>>;
let group: GroupInfo;

interface RestExpense {
  id: string;
  name: string;
  amount: number;
  splitMethod: string;
  splits: Record<string, number>;
  items: { name: string; number: number; amount: number; splitMethod: string; splitJson: string }[];
  snapshot: string | null;
}

beforeAll(async () => {
  world = await startWorld();
  demo = await world.linkedPerson('Демо');
  group = await demo.createGroup('Ужин', ['Аня', 'Боря']);
});
afterAll(async () => {
  await world?.close();
});

describe('a receipt saved from the bot', () => {
  it('keeps each line’s people as its split, the parts they make, and the lines as recognised', async () => {
    const chat = privateChat(demo.telegram);
    const update = world.updates.text(
      chat,
      demo.telegram,
      'пицца 800 Аня, Боря\nвино 1200 все\nдесерт 350 я',
    );
    await world.send(update);
    const reply = world.telegram
      .messagesIn(chat.id)
      .find((message) => message.reply_to_message_id === update.message!.message_id);
    await world.send(world.updates.press(demo.telegram, reply!, buttonData(reply, '✅ Сохранить')));

    const [listed] = await demo.web.get<RestExpense[]>(`/api/groups/${group.id}/expenses`);
    const expense = await demo.web.get<RestExpense>(`/api/groups/expenses/${listed!.id}`);
    const [me, anya, borya] = [group.seat('Демо'), group.seat('Аня'), group.seat('Боря')];
    expect(expense).toMatchObject({
      name: 'Чек',
      amount: 2350,
      splitMethod: 'amounts',
      splits: { [me]: 750, [anya]: 800, [borya]: 800 },
    });
    const lines = [
      ['Пицца', 800, [anya, borya]],
      ['Вино', 1200, [me, anya, borya]],
      ['Десерт', 350, [me]],
    ];
    const asLines = (items: RestExpense['items']) =>
      items.map((i) => [
        i.name,
        i.amount,
        i.splitMethod === 'members' ? JSON.parse(i.splitJson) : i.splitJson,
      ]);
    expect(asLines(expense.items)).toEqual(lines);
    expect(asLines(JSON.parse(expense.snapshot!))).toEqual(lines);
  });
});
