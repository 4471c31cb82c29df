import { type Database, groupMembers } from '@dolya/db';
import { expenseInput } from '@dolya/domain';
import { and, eq } from 'drizzle-orm';
import { createExpense } from './services/expenses';
import { createGroup } from './services/groups';
import { findUserByEmail, registerUser } from './services/users';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo';

/**
 * First start only: the demo account (demo@example.com / demo), a friend with an account
 * (anya@example.com / demo), and a RUB group with a seat without an account, an expense of every
 * split mode and one settlement. Returns false when the demo account already exists.
 */
export async function seedDemo(db: Database): Promise<boolean> {
  if (await findUserByEmail(db, DEMO_EMAIL)) return false;
  // Called directly, not through registerInput: the demo password is shorter than sign-up allows.
  const demo = await registerUser(db, {
    name: 'Демо',
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    username: 'demo',
  });
  const anya = await registerUser(db, {
    name: 'Аня',
    email: 'anya@example.com',
    password: DEMO_PASSWORD,
    username: 'anya',
  });

  const { id: groupId } = await createGroup(db, demo, {
    name: 'Поездка в Казань',
    currency: 'RUB',
    users: [
      { id: anya.id, name: anya.name, share: 1 },
      { name: 'Боря', share: 1 },
    ],
  });
  // Anya was added as a friend would be; in the demo she has already accepted.
  await db
    .update(groupMembers)
    .set({ status: 'ACTIVE' })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, anya.id)));
  const seats = await db.select().from(groupMembers).where(eq(groupMembers.groupId, groupId));
  const seat = (name: string) => seats.find((s) => s.name === name)!.id;
  const [me, a, b] = [seat('Демо'), seat('Аня'), seat('Боря')];
  const day = (d: number) => new Date(Date.UTC(2026, 9, d, 12)).toISOString();

  const expenses = [
    {
      name: 'Пицца',
      amountCents: 120_000,
      paidById: me,
      splitMethod: 'shares',
      sharesInput: { [me]: 1, [a]: 1, [b]: 1 },
      date: day(3),
      category: 'food',
    },
    {
      name: 'Такси из аэропорта',
      amountCents: 85_050,
      paidById: a,
      splitMethod: 'amounts',
      splitCents: { [me]: 30_000, [a]: 30_000, [b]: 25_050 },
      date: day(3),
      category: 'transport',
    },
    {
      name: 'Гостиница',
      amountCents: 900_000,
      paidById: me,
      splitMethod: 'percentages',
      percentagesInput: { [me]: 50, [a]: 25, [b]: 25 },
      date: day(4),
      category: 'housing',
    },
    {
      name: 'Продукты',
      amountCents: 234_567,
      paidById: b,
      splitMethod: 'shares',
      sharesInput: { [me]: 2, [a]: 1, [b]: 1 },
      date: day(5),
      category: 'groceries',
      notes: 'Рынок у Кремля',
    },
    {
      name: '',
      amountCents: 100_000,
      settlement: true,
      settlementFromId: b,
      settlementToId: me,
      date: day(6),
    },
  ];
  for (const expense of expenses) await createExpense(db, demo.id, groupId, expenseInput.parse(expense));
  return true;
}
