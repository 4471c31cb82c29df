import { type Database, identities } from '@dolya/db';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../errors';
import { removeSignInMethods } from './sign-in-methods';

export type IdentityProvider = 'GOOGLE' | 'YANDEX' | 'TELEGRAM';

export interface LinkedIdentity {
  id: string;
  provider: IdentityProvider;
  email: string | null;
  displayName: string | null;
}

/** The external accounts linked to a user, oldest first. */
export async function listIdentities(db: Database, userId: string): Promise<LinkedIdentity[]> {
  const rows = await db
    .select({
      id: identities.id,
      provider: identities.provider,
      email: identities.email,
      displayName: identities.displayName,
    })
    .from(identities)
    .where(eq(identities.userId, userId))
    .orderBy(asc(identities.createdAt), asc(identities.id));
  return rows.map((row) => ({ ...row, provider: row.provider.toUpperCase() as IdentityProvider }));
}

/**
 * Unlinks one of the user's own identities. Someone else's id answers NOT_FOUND, as an unknown id
 * does; unlinking the last way to sign in is CANNOT_UNLINK_LAST_ACCOUNT.
 */
export async function unlinkIdentity(db: Database, userId: string, identityId: string): Promise<void> {
  await removeSignInMethods(db, userId, async (tx) => {
    const removed = await tx
      .delete(identities)
      .where(and(eq(identities.id, identityId), eq(identities.userId, userId)))
      .returning({ id: identities.id });
    if (removed.length === 0) throw new AppError('NOT_FOUND', 'No such linked account');
  });
}
