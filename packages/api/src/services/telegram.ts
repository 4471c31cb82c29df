import { type Database, identities, users } from '@dolya/db';
import { cleanExternalName } from '@dolya/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { ApiConfig } from '../context';
import { uniqueViolation } from '../error-mapping';
import { AppError } from '../errors';
import type { TelegramProfile } from './telegram-verify';
import { freeUsername, type UserRow } from './users';

export const TELEGRAM = 'TELEGRAM';

/** The bot settings, or 404 TELEGRAM_DISABLED when this server has no bot configured. */
export function telegramConfig(config: ApiConfig): NonNullable<ApiConfig['telegram']> {
  if (!config.telegram) throw new AppError('TELEGRAM_DISABLED', 'Telegram sign-in is not configured');
  return config.telegram;
}

/** The account whose TELEGRAM identity has this Telegram id, if any. */
export async function findTelegramUser(db: Database, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.provider, TELEGRAM), eq(identities.subject, subject)))
    .limit(1);
  return row?.user;
}

function fullName(profile: TelegramProfile): string {
  const name = [profile.firstName, profile.lastName]
    .map((part) => (part ? cleanExternalName(part) : ''))
    .filter(Boolean)
    .join(' ')
    .slice(0, 100);
  return name || profile.username || 'Telegram';
}

/** How the linked-accounts list shows this Telegram account. */
function displayName(profile: TelegramProfile): string {
  return profile.username ? `@${profile.username}` : fullName(profile);
}

/**
 * A new account signed in through Telegram, with its TELEGRAM identity, in one transaction.
 * 409 IDENTITY_ALREADY_LINKED when the Telegram id already belongs to an account.
 */
export async function createTelegramAccount(db: Database, profile: TelegramProfile): Promise<UserRow> {
  for (let attempt = 0; ; attempt++) {
    const username = await freeUsername(db, profile.username ?? profile.firstName);
    try {
      return await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ name: fullName(profile), username, telegramUsername: profile.username ?? null })
          .returning();
        await tx.insert(identities).values({
          userId: user!.id,
          provider: TELEGRAM,
          subject: profile.id,
          displayName: displayName(profile),
        });
        return user!;
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint?.includes('identities')) throw alreadyLinked();
      // Someone took the free username a moment ago: pick another.
      if (constraint?.includes('username') && attempt < 3) continue;
      throw error;
    }
  }
}

/** The account of this Telegram id, created on first use. */
export async function signInOrCreate(db: Database, profile: TelegramProfile): Promise<UserRow> {
  const existing = await findTelegramUser(db, profile.id);
  if (existing) return existing;
  try {
    return await createTelegramAccount(db, profile);
  } catch (error) {
    // A second tab signing in with the same Telegram account at the same moment created it first.
    const raced = error instanceof AppError && error.appCode === 'IDENTITY_ALREADY_LINKED';
    const winner = raced ? await findTelegramUser(db, profile.id) : undefined;
    if (winner) return winner;
    throw error;
  }
}

/**
 * Links the Telegram account to a signed-in user. Linking it again to the same user is a no-op;
 * one linked to someone else is 409 IDENTITY_ALREADY_LINKED. Fills the profile's Telegram username
 * when it is empty.
 */
export async function linkTelegram(db: Database, userId: string, profile: TelegramProfile): Promise<void> {
  const owner = await findTelegramUser(db, profile.id);
  if (owner) {
    if (owner.id === userId) return;
    throw alreadyLinked();
  }
  try {
    await db.transaction(async (tx) => {
      await tx.insert(identities).values({
        userId,
        provider: TELEGRAM,
        subject: profile.id,
        displayName: displayName(profile),
      });
      if (profile.username) {
        await tx
          .update(users)
          .set({ telegramUsername: profile.username })
          .where(and(eq(users.id, userId), isNull(users.telegramUsername)));
      }
    });
  } catch (error) {
    if (!uniqueViolation(error)?.includes('identities')) throw error;
    // Raced with another link of the same Telegram account: only the loser's own link is fine.
    if ((await findTelegramUser(db, profile.id))?.id !== userId) throw alreadyLinked();
  }
}

function alreadyLinked() {
  return new AppError('IDENTITY_ALREADY_LINKED', 'This external account is already linked to another user');
}
