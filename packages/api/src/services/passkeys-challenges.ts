import { createHash } from 'node:crypto';
import { authChallenges, type Database } from '@dolya/db';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import { and, desc, eq, inArray, isNull, lt, notInArray } from 'drizzle-orm';
import { clientKey } from './client-address';

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

/** Live passkey challenges kept per address; asking for more drops that address's oldest. */
export const PASSKEY_CHALLENGES_PER_ADDRESS = 20;

/**
 * Keeps only a hash of the challenge; the browser carries the challenge itself back inside
 * clientDataJSON. Rows stay bounded two ways: expired passkey rows are deleted as new ones come,
 * and one address (an IPv6 /64 counts as one) holds at most PASSKEY_CHALLENGES_PER_ADDRESS live
 * rows, its oldest dropped first, so a flood of option calls only ever cancels the flooder's own
 * unfinished ceremonies.
 */
export async function storeChallenge(
  db: Database,
  purpose: PasskeyPurpose,
  challenge: string,
  options: { ip: string; userId?: string; payload?: Record<string, unknown> },
): Promise<void> {
  const now = Date.now();
  const client = clientKey(options.ip);
  await db
    .delete(authChallenges)
    .where(and(inArray(authChallenges.purpose, [...PURPOSES]), lt(authChallenges.expiresAt, new Date(now))));
  await db.insert(authChallenges).values({
    purpose,
    secretHash: hashChallenge(challenge),
    userId: options.userId ?? null,
    payload: options.payload ?? {},
    clientKey: client,
    expiresAt: new Date(now + PASSKEY_CHALLENGE_TTL_MS),
  });
  const newest = db
    .select({ id: authChallenges.id })
    .from(authChallenges)
    .where(eq(authChallenges.clientKey, client))
    .orderBy(desc(authChallenges.expiresAt), desc(authChallenges.createdAt))
    .limit(PASSKEY_CHALLENGES_PER_ADDRESS);
  await db
    .delete(authChallenges)
    .where(and(eq(authChallenges.clientKey, client), notInArray(authChallenges.id, newest)));
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
