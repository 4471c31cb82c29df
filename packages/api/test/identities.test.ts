import { randomUUID } from 'node:crypto';
import { identities, passkeys, users } from '@dolya/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { remainingSignInMethods, removeSignInMethods, signInMethods } from '../src/services/sign-in-methods';
import { refusal, unknownId } from './fixtures';
import { signUp, useTestDatabase } from './harness';

const db = useTestDatabase();

type Provider = 'GOOGLE' | 'YANDEX' | 'TELEGRAM';

/** Links an external account the way the OAuth and Telegram flows store one. */
async function link(userId: string, provider: Provider, email: string | null = null) {
  const [row] = await db.current.db
    .insert(identities)
    .values({ userId, provider, subject: randomUUID(), email, displayName: `${provider} name` })
    .returning();
  return row!;
}

/** Adds a passkey row as a finished registration ceremony stores it. */
async function addPasskey(userId: string) {
  await db.current.db.insert(passkeys).values({
    userId,
    credentialId: randomUUID(),
    publicKey: 'pQECAyYgASFYIA',
    name: 'Laptop',
  });
}

/** Turns a registered account into one without a password (as an OAuth or passkey sign-up is). */
async function dropPassword(userId: string) {
  await db.current.db.update(users).set({ passwordHash: null }).where(eq(users.id, userId));
}

/** The user's sign-in methods by kind, with the guard's own total. */
async function methodsOf(userId: string) {
  const methods = await signInMethods(db.current.db, userId);
  return { ...methods, total: await remainingSignInMethods(db.current.db, userId) };
}

async function identityIds(userId: string) {
  const rows = await db.current.db.select().from(identities).where(eq(identities.userId, userId));
  return rows.map((r) => r.id).sort();
}

describe('identities.list', () => {
  it('answers the signed-in user’s identities, oldest first, and nobody else’s', async () => {
    const ann = await signUp(db.current.db, 'Ann');
    const bob = await signUp(db.current.db, 'Bob');
    expect(await (await ann.call()).identities.list()).toEqual([]);

    const google = await link(ann.user.id, 'GOOGLE', 'ann@gmail.example');
    const telegram = await link(ann.user.id, 'TELEGRAM');
    await link(bob.user.id, 'YANDEX', 'bob@yandex.example');

    expect(await (await ann.call()).identities.list()).toEqual([
      { id: google.id, provider: 'GOOGLE', email: 'ann@gmail.example', displayName: 'GOOGLE name' },
      { id: telegram.id, provider: 'TELEGRAM', email: null, displayName: 'TELEGRAM name' },
    ]);
    expect((await (await bob.call()).identities.list()).map((i) => i.provider)).toEqual(['YANDEX']);
  });
});

describe('identities.unlink', () => {
  it('unlinks one of the user’s own identities and leaves the others', async () => {
    const ann = await signUp(db.current.db, 'Ann');
    const google = await link(ann.user.id, 'GOOGLE', 'ann@gmail.example');
    const yandex = await link(ann.user.id, 'YANDEX', 'ann@yandex.example');

    expect(await (await ann.call()).identities.unlink({ id: google.id })).toEqual({ ok: true });

    expect((await (await ann.call()).identities.list()).map((i) => i.id)).toEqual([yandex.id]);
    // The password still signs in.
    expect(await methodsOf(ann.user.id)).toEqual({
      password: true,
      identities: 1,
      passkeys: 0,
      total: 2,
    });
  });

  it('answers NOT_FOUND for another user’s identity, as for an unknown id, and deletes nothing', async () => {
    const ann = await signUp(db.current.db, 'Ann');
    const mallory = await signUp(db.current.db, 'Mallory');
    const victim = await link(ann.user.id, 'GOOGLE', 'ann@gmail.example');
    await link(mallory.user.id, 'YANDEX');

    const theirs = await refusal((await mallory.call()).identities.unlink({ id: victim.id }));
    const unknown = await refusal((await mallory.call()).identities.unlink({ id: unknownId() }));
    expect(theirs.appCode).toBe('NOT_FOUND');
    expect(unknown.appCode).toBe('NOT_FOUND');
    expect(theirs.message).toBe(unknown.message);
    expect(await identityIds(ann.user.id)).toEqual([victim.id]);
  });

  it('refuses a malformed id with VALIDATION_ERROR', async () => {
    const ann = await signUp(db.current.db, 'Ann');
    expect(await refusal((await ann.call()).identities.unlink({ id: 'not-an-id' }))).toMatchObject({
      appCode: 'VALIDATION_ERROR',
      field: 'id',
    });
  });
});

describe('the last-method guard', () => {
  const LAST = 'CANNOT_UNLINK_LAST_ACCOUNT';

  it('identity only: the single identity cannot be unlinked', async () => {
    const ann = await signUp(db.current.db, 'Ann');
    await dropPassword(ann.user.id);
    const only = await link(ann.user.id, 'TELEGRAM');

    const error = await refusal((await ann.call()).identities.unlink({ id: only.id }));
    expect(error.appCode).toBe(LAST);
    expect(error.status).toBe(409);
    expect(error.message).toBe('Cannot unlink the last account. Add another sign-in method first.');
    expect(await identityIds(ann.user.id)).toEqual([only.id]);
  });

  it('identity only, two of them: the first goes, the second is the last', async () => {
    const ann = await signUp(db.current.db, 'Ann');
    await dropPassword(ann.user.id);
    const google = await link(ann.user.id, 'GOOGLE');
    const yandex = await link(ann.user.id, 'YANDEX');

    await (await ann.call()).identities.unlink({ id: google.id });
    expect((await refusal((await ann.call()).identities.unlink({ id: yandex.id }))).appCode).toBe(LAST);
    expect(await identityIds(ann.user.id)).toEqual([yandex.id]);
  });

  // The passkey unlink and any future password removal go through the same guard as identities.
  it('password only: removing the password is refused and rolled back', async () => {
    const pat = await signUp(db.current.db, 'Pat');
    const error = await refusal(
      removeSignInMethods(db.current.db, pat.user.id, (tx) =>
        tx.update(users).set({ passwordHash: null }).where(eq(users.id, pat.user.id)),
      ),
    );
    expect(error.appCode).toBe(LAST);
    expect(await methodsOf(pat.user.id)).toMatchObject({ password: true, total: 1 });
  });

  it('passkey only: removing the passkeys is refused and rolled back; with a password they may go', async () => {
    const kay = await signUp(db.current.db, 'Kay');
    await dropPassword(kay.user.id);
    await addPasskey(kay.user.id);
    await addPasskey(kay.user.id);
    const removeAll = () =>
      removeSignInMethods(db.current.db, kay.user.id, (tx) =>
        tx.delete(passkeys).where(eq(passkeys.userId, kay.user.id)),
      );
    expect((await refusal(removeAll())).appCode).toBe(LAST);
    expect(await methodsOf(kay.user.id)).toMatchObject({ passkeys: 2, total: 2 });

    await link(kay.user.id, 'TELEGRAM');
    await removeAll();
    expect(await methodsOf(kay.user.id)).toEqual({
      password: false,
      identities: 1,
      passkeys: 0,
      total: 1,
    });
  });

  it('password and identity: the identity may go, the password keeps the account reachable', async () => {
    const ann = await signUp(db.current.db, 'Ann');
    const only = await link(ann.user.id, 'GOOGLE');
    await expect((await ann.call()).identities.unlink({ id: only.id })).resolves.toEqual({ ok: true });
    expect(await methodsOf(ann.user.id)).toMatchObject({
      password: true,
      total: 1,
    });
  });

  it('passkey and identity: the identity may go, the passkey counts as a way in', async () => {
    const ann = await signUp(db.current.db, 'Ann');
    await dropPassword(ann.user.id);
    await addPasskey(ann.user.id);
    const only = await link(ann.user.id, 'YANDEX');
    await expect((await ann.call()).identities.unlink({ id: only.id })).resolves.toEqual({ ok: true });
    expect(await methodsOf(ann.user.id)).toEqual({
      password: false,
      identities: 0,
      passkeys: 1,
      total: 1,
    });
  });

  it('counts every kind: password only, passkey only, identity only, and a mix', async () => {
    const passwordOnly = await signUp(db.current.db, 'Pat');
    expect(await methodsOf(passwordOnly.user.id)).toEqual({
      password: true,
      identities: 0,
      passkeys: 0,
      total: 1,
    });

    const passkeyOnly = await signUp(db.current.db, 'Kay');
    await dropPassword(passkeyOnly.user.id);
    await addPasskey(passkeyOnly.user.id);
    await addPasskey(passkeyOnly.user.id);
    expect(await methodsOf(passkeyOnly.user.id)).toEqual({
      password: false,
      identities: 0,
      passkeys: 2,
      total: 2,
    });

    const mixed = await signUp(db.current.db, 'Max');
    await addPasskey(mixed.user.id);
    await link(mixed.user.id, 'GOOGLE');
    await link(mixed.user.id, 'TELEGRAM');
    expect(await methodsOf(mixed.user.id)).toEqual({
      password: true,
      identities: 2,
      passkeys: 1,
      total: 4,
    });
  });

  it('mixed: identities go one by one while a passkey remains, and the passkey alone then holds', async () => {
    const max = await signUp(db.current.db, 'Max');
    await dropPassword(max.user.id);
    await addPasskey(max.user.id);
    const google = await link(max.user.id, 'GOOGLE');
    const telegram = await link(max.user.id, 'TELEGRAM');
    await (await max.call()).identities.unlink({ id: google.id });
    await (await max.call()).identities.unlink({ id: telegram.id });
    expect(await methodsOf(max.user.id)).toMatchObject({ total: 1, passkeys: 1 });
  });

  it('two parallel unlinks of the last two methods: exactly one succeeds, one way in remains', async () => {
    // Repeated, so that without the row lock the interleaving that loses both would show up.
    for (let round = 0; round < 8; round++) {
      const ann = await signUp(db.current.db, `Race${round}`);
      await dropPassword(ann.user.id);
      const a = await link(ann.user.id, 'GOOGLE');
      const b = await link(ann.user.id, 'YANDEX');
      const [first, second] = await Promise.all([ann.call(), ann.call()]);

      const results = await Promise.allSettled([
        first.identities.unlink({ id: a.id }),
        second.identities.unlink({ id: b.id }),
      ]);

      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected');
      expect((await refusal(Promise.reject(rejected!.reason))).appCode).toBe(LAST);
      expect(await identityIds(ann.user.id)).toHaveLength(1);
      expect((await methodsOf(ann.user.id)).total).toBe(1);
    }
  });
});
