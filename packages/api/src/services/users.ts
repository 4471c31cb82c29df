import { randomInt } from 'node:crypto';
import { type Database, users } from '@dolya/db';
import type { RegisterInput, UpdateProfileInput } from '@dolya/domain';
import { hash, verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { uniqueViolation } from '../error-mapping';
import { AppError } from '../errors';

export type UserRow = typeof users.$inferSelect;

export function publicUser(user: Pick<UserRow, 'id' | 'name' | 'username' | 'email' | 'telegramUsername'>) {
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    telegramUsername: user.telegramUsername,
  };
}

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verified against when the email is unknown, so a miss costs as long as a wrong password.
const decoyHash = hash('decoy password that never matches');

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return user;
}

export async function findUserByUsername(db: Database, username: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return user;
}

/** A free username derived from a hint (email local part or name): lower-case letters, digits, '_' and '.'. */
export async function freeUsername(db: Database, hint: string): Promise<string> {
  const base =
    hint
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9_.]+/g, '')
      .slice(0, 24) || 'user';
  const padded = base.length >= 3 ? base : `${base}user`.slice(0, 24);
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = attempt === 0 ? padded : `${padded}${randomInt(10, 100_000)}`;
    if (!(await findUserByUsername(db, candidate))) return candidate;
  }
  return `user${randomInt(1_000_000, 9_999_999)}`;
}

/** Tries at a made-up username before a sign-up gives up; each retry draws a new random suffix. */
const MADE_UP_USERNAME_ATTEMPTS = 5;

export async function registerUser(db: Database, input: RegisterInput): Promise<UserRow> {
  if (await findUserByEmail(db, input.email))
    throw new AppError('EMAIL_TAKEN', 'This email is already taken', 'email');
  if (input.username && (await findUserByUsername(db, input.username))) {
    throw new AppError('USERNAME_TAKEN', 'This username is taken', 'username');
  }
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 1; ; attempt++) {
    const username = input.username ?? (await freeUsername(db, input.email.split('@')[0] ?? input.name));
    try {
      const [user] = await db
        .insert(users)
        .values({ name: input.name, email: input.email, username, passwordHash })
        .returning();
      return user!;
    } catch (error) {
      const duplicate = duplicateUserError(error);
      // A username we made up that someone took a moment ago: make up another. A chosen one stays refused.
      const madeUpTaken = !input.username && duplicate?.appCode === 'USERNAME_TAKEN';
      if (madeUpTaken && attempt < MADE_UP_USERNAME_ATTEMPTS) continue;
      throw duplicate ?? error;
    }
  }
}

export async function verifyLogin(db: Database, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  const ok = user?.passwordHash
    ? await verify(user.passwordHash, password)
    : await verify(await decoyHash, password).then(() => false);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
  return user;
}

export async function updateProfile(
  db: Database,
  userId: string,
  input: UpdateProfileInput,
): Promise<UserRow> {
  const owner = await findUserByUsername(db, input.username);
  if (owner && owner.id !== userId)
    throw new AppError('USERNAME_TAKEN', 'This username is taken', 'username');
  try {
    const [user] = await db
      .update(users)
      .set({ name: input.name, username: input.username, telegramUsername: input.telegramUsername })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw new AppError('UNAUTHORIZED', 'Sign in first');
    return user;
  } catch (error) {
    throw duplicateUserError(error) ?? error;
  }
}

/** Two requests racing for the same username or email: the database's unique index decides. */
function duplicateUserError(error: unknown): AppError | undefined {
  const constraint = uniqueViolation(error);
  if (constraint === undefined) return undefined;
  if (constraint.includes('email'))
    return new AppError('EMAIL_TAKEN', 'This email is already taken', 'email');
  return new AppError('USERNAME_TAKEN', 'This username is taken', 'username');
}
