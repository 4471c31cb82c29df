import { createHash } from 'node:crypto';
import { authChallenges, type Database } from '@dolya/db';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';

/** A WebAuthn challenge is good for five minutes and for one verification. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;

const PURPOSES = ['passkey-register', 'passkey-login', 'passkey-link'] as const;
export type PasskeyPurpose = (typeof PURPOSES)[number];

export interface StoredChallenge {
  challenge: string;
  userId: string | null;
  payload: Record<string, unknown>;
}

function hashChallenge(challenge: string): string {
  return createHash('sha256').update(challenge).digest('base64url');
}

/** Keeps only a hash of the challenge; the browser carries the challenge itself back inside clientDataJSON. */
export async function storeChallenge(
  db: Database,
  purpose: PasskeyPurpose,
  challenge: string,
  options: { userId?: string; payload?: Record<string, unknown> } = {},
): Promise<void> {
  const now = Date.now();
  // Old passkey rows are swept as new ones come, so they never pile up.
  await db
    .delete(authChallenges)
    .where(and(inArray(authChallenges.purpose, [...PURPOSES]), lt(authChallenges.expiresAt, new Date(now))));
  await db.insert(authChallenges).values({
    purpose,
    secretHash: hashChallenge(challenge),
    userId: options.userId ?? null,
    payload: options.payload ?? {},
    expiresAt: new Date(now + PASSKEY_CHALLENGE_TTL_MS),
  });
}

/** The challenge a WebAuthn response answers, read from its clientDataJSON; undefined when unreadable. */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512
      ? challenge
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the challenge a response answers out of the store: deleted on first use whatever the
 * verification then says, so it can never be replayed. Undefined when it was never issued for this
 * purpose (and this user, when one is given), was used already, or has expired.
 */
export async function consumeChallenge(
  db: Database,
  purpose: PasskeyPurpose,
  clientDataJSON: string,
  userId: string | null = null,
): Promise<StoredChallenge | undefined> {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge) return undefined;
  const [row] = await db
    .delete(authChallenges)
    .where(
      and(
        eq(authChallenges.secretHash, hashChallenge(challenge)),
        eq(authChallenges.purpose, purpose),
        userId === null ? isNull(authChallenges.userId) : eq(authChallenges.userId, userId),
      ),
    )
    .returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
  return { challenge, userId: row.userId, payload: row.payload };
}
