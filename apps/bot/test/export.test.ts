import { readSplitwiseCsv } from '@dolya/interchange';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInfo, Person } from './support/dolya-server';
import { buttonData, buttons, type Chat, privateChat, type TelegramUser } from './support/updates';
import { startWorld, type World } from './support/world';

/**
 * /export (issue 29): the bot sends the group's CSV as a document, through the Bot API stand-in
 * (sendDocument as grammY uploads it: multipart), to members only.
 */
let world: World;
let anna: Person & { telegram: TelegramUser };
let boris: Person & { telegram: TelegramUser };
let eve: Person & { telegram: TelegramUser };
let flat: GroupInfo;
const groupChat: Chat = { id: -100_777_000_111, type: 'supergroup', title: 'Квартира' };

interface RestBalances {
  members: { name: string; net: number }[];
}

beforeAll(async () => {
  world = await startWorld();
  anna = await world.linkedPerson('Аня');
  boris = await world.linkedPerson('Boris', 'en');
  eve = await world.linkedPerson('Ева');
  flat = await anna.createGroup('Квартира', ['Boris', 'Вера']);
  await anna.createGroup('Работа', ['Коллега']);
  await boris.claimSeat(await anna.invite(flat.id), flat.seat('Boris'));
  await anna.web.post(`/api/groups/${flat.id}/expenses`, {
    name: 'Ужин',
    amount: '900.01',
    paidById: flat.seat('Аня'),
  });
  await anna.web.post(`/api/groups/${flat.id}/expenses`, {
    name: 'Такси',
    amount: 300,
    paidById: flat.seat('Boris'),
    participants: [flat.seat('Boris'), flat.seat('Вера')],
  });
  await anna.web.post(`/api/groups/${flat.id}/expenses`, {
    amount: 100,
    settlement: true,
    settlementFromId: flat.seat('Вера'),
    settlementToId: flat.seat('Аня'),
    paidById: flat.seat('Вера'),
  });
});
afterAll(async () => {
  await world?.close();
});

/** The file's closing balances by person, in cents, against the group's balances on the web. */
async function expectBalancesOf(csv: string) {
  const file = readSplitwiseCsv(csv);
  expect(file.problems).toEqual([]);
  const [totals] = file.totals;
  const fromFile = Object.fromEntries(file.people.map((p) => [p.name, totals?.nets[p.key] ?? 0]));
  const balances = await anna.web.get<RestBalances>(`/api/groups/${flat.id}/balances`);
  expect(fromFile).toEqual(
    Object.fromEntries(balances.members.map((m) => [m.name, Math.round(m.net * 100)])),
  );
  expect(Object.values(fromFile).some((cents) => cents !== 0)).toBe(true);
}

describe('/export', () => {
  it('in a private chat with several groups asks which, then sends that group’s CSV as a reply', async () => {
    const chat = privateChat(anna.telegram);
    const update = world.updates.text(chat, anna.telegram, '/export');
    await world.send(update);
    const question = world.telegram
      .messagesIn(chat.id)
      .find((m) => m.reply_to_message_id === update.message!.message_id);
    expect(buttons(question).map((b) => b.text)).toEqual(expect.arrayContaining(['Квартира', 'Работа']));
    expect(world.telegram.documentsIn(chat.id)).toEqual([]);

    await world.send(world.updates.press(anna.telegram, question!, buttonData(question, 'Квартира')));
    const [document] = world.telegram.documentsIn(chat.id);
    expect(document).toMatchObject({
      reply_to_message_id: update.message!.message_id,
      caption: expect.stringContaining('«Квартира» таблицей'),
    });
    expect(document!.file_name).toMatch(/^dolya-Квартира-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(document!.content.startsWith('\uFEFFDate,Description,Category,Cost,Currency,Аня,Boris,Вера')).toBe(
      true,
    );
    expect(document!.content).toContain('Ужин');
    await expectBalancesOf(document!.content);

    // The chat now records into Квартира: the next /export sends at once.
    await world.send(world.updates.text(chat, anna.telegram, '/export'));
    expect(world.telegram.documentsIn(chat.id)).toHaveLength(2);
  });

  it('in English for a person with one group, at once', async () => {
    const chat = privateChat(boris.telegram);
    await world.send(world.updates.text(chat, boris.telegram, '/export'));
    const [document] = world.telegram.documentsIn(chat.id);
    expect(document?.caption).toBe(
      '“Квартира” as a spreadsheet: every expense and payment with each person’s share. Opens in Excel or Google Sheets; Dolya, Splitwise-compatible apps and Spliit can import it.',
    );
    await expectBalancesOf(document!.content);
  });

  it('in a connected group chat sends the file there for a member, and nothing for someone outside the group', async () => {
    world.telegram.setChatMemberStatus(groupChat.id, anna.telegram.id, 'creator');
    const connect = world.updates.text(groupChat, anna.telegram, '/connect');
    await world.send(connect);
    const question = world.telegram
      .messagesIn(groupChat.id)
      .find((m) => m.reply_to_message_id === connect.message!.message_id);
    await world.send(world.updates.press(anna.telegram, question!, buttonData(question, 'Квартира')));

    await world.send(world.updates.text(groupChat, eve.telegram, '/export@dolya_test_bot'));
    expect(world.telegram.documentsIn(groupChat.id)).toEqual([]);
    expect(world.telegram.messagesIn(groupChat.id).at(-1)?.text).toBe(
      'Вы не участник группы Доли, подключённой к этому чату. Попросите её администратора добавить вас.',
    );

    const asked = world.updates.text(groupChat, boris.telegram, '/export@dolya_test_bot');
    await world.send(asked);
    const [document] = world.telegram.documentsIn(groupChat.id);
    expect(document?.reply_to_message_id).toBe(asked.message!.message_id);
    await expectBalancesOf(document!.content);
  });

  it('asks someone without a linked account to sign in, and sends nothing', async () => {
    const stranger = world.stranger('Гость');
    const chat = privateChat(stranger);
    await world.send(world.updates.text(chat, stranger, '/export'));
    expect(world.telegram.documentsIn(chat.id)).toEqual([]);
    expect(world.telegram.messagesIn(chat.id).at(-1)?.text).toContain('Доле');
  });
});
