import { createHash, randomBytes } from 'node:crypto';
import { authChallenges, type Database, users } from '@dolya/db';
import { and, eq, gt } from 'drizzle-orm';
import type { ApiConfig } from '../context';
import { AppError } from '../errors';
import { type MailLanguage, resetMail } from '../mail/reset-mail';
import { endOtherSessions, PASSWORD_RESET } from './passwords';
import { hit, limitKey } from './rate-limits';
import { findUserByEmail, hashPassword } from './users';

/** How long a reset link works. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** Reset mails one address may be sent within the window; more requests are answered alike, unsent. */
export const RESET_MAILS_PER_EMAIL = 3;
const RESET_MAILS_WINDOW_MS = 15 * 60 * 1000;

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/**
 * What the account's password is now, as a stamp kept with a reset link: a link made before the
 * password changed (by the owner, or by another link) no longer matches, and is refused.
 */
const passwordStamp = (passwordHash: string | null) =>
  hashSecret(`password:${passwordHash ?? ''}`).slice(0, 22);

function requireMailer(config: ApiConfig) {
  if (!config.mailer) {
    throw new AppError(
      'PASSWORD_RESET_UNAVAILABLE',
      'This server cannot send mail, so it cannot reset passwords',
    );
  }
  return config.mailer;
}

/**
 * Mails a reset link to the account with this email, if there is one. The answer is the same
 * either way (nobody learns which emails have accounts), and the mail is sent after it, so the time
 * does not tell either. A new link replaces the account's earlier ones.
 */
export async function requestPasswordReset(
  db: Database,
  config: ApiConfig,
  input: { email: string; language: MailLanguage },
): Promise<{ ok: true }> {
  const mailer = requireMailer(config);
  const user = await findUserByEmail(db, input.email);
  if (!user?.email || user.blockedAt) return { ok: true };
  const allowed = await hit(db, limitKey('password-reset-mail', user.email.toLowerCase()), {
    limit: RESET_MAILS_PER_EMAIL,
    windowMs: RESET_MAILS_WINDOW_MS,
  });
  if (!allowed.allowed) return { ok: true };
  const secret = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx
      .delete(authChallenges)
      .where(and(eq(authChallenges.userId, user.id), eq(authChallenges.purpose, PASSWORD_RESET)));
    await tx.insert(authChallenges).values({
      purpose: PASSWORD_RESET,
      secretHash: hashSecret(secret),
      userId: user.id,
      payload: { stamp: passwordStamp(user.passwordHash) },
      expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
    });
  });
  // The secret rides in the fragment: never sent to a server, never in a Referer.
  const link = `${config.publicUrl ?? ''}/reset-password#token=${secret}`;
  void mailer.send({ to: user.email, ...resetMail(input.language, { name: user.name, link }), link });
  return { ok: true };
}

/**
 * Sets a new password with a reset link's secret, once: the link is used up whatever happens next,
 * and refused (410 RESET_LINK_INVALID) when unknown, used, older than an hour, or made before the
 * password last changed. Every session of the account ends, and the caller is signed in afresh.
 */
export async function resetPassword(
  db: Database,
  input: { token: string; newPassword: string },
): Promise<{ userId: string }> {
  const invalid = () =>
    new AppError('RESET_LINK_INVALID', 'This link has expired or was already used. Ask for a new one.');
  const [used] = await db
    .delete(authChallenges)
    .where(
      and(eq(authChallenges.secretHash, hashSecret(input.token)), eq(authChallenges.purpose, PASSWORD_RESET)),
    )
    .returning();
  if (!used?.userId || used.expiresAt.getTime() <= Date.now()) throw invalid();
  const passwordHash = await hashPassword(input.newPassword);
  const userId = used.userId;
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user || used.payload.stamp !== passwordStamp(user.passwordHash)) throw invalid();
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await endOtherSessions(tx, userId, null);
    await tx
      .delete(authChallenges)
      .where(and(eq(authChallenges.userId, userId), eq(authChallenges.purpose, PASSWORD_RESET)));
  });
  return { userId };
}

/** Whether a reset link would still be taken, for the page to say so before a new password is typed. */
export async function resetLinkValid(db: Database, token: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: authChallenges.userId, payload: authChallenges.payload })
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.secretHash, hashSecret(token)),
        eq(authChallenges.purpose, PASSWORD_RESET),
        gt(authChallenges.expiresAt, new Date()),
      ),
    );
  if (!row?.userId) return false;
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, row.userId));
  return !!user && row.payload.stamp === passwordStamp(user.passwordHash);
}
