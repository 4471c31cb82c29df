import { createHash } from 'node:crypto';
import { browserActor, type Context, createCallerFactory } from '@dolya/api';
import { authChallenges, identities, passkeys, users } from '@dolya/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appRouter } from '../src/routers';
import { resolveSession } from '../src/services/sessions';
import { adminCaller } from './actors';
import { refusal } from './fixtures';
import { testConfig, useTestDatabase } from './harness';
import { CeremonyError, SoftAuthenticator } from './passkeys-authenticator';

const ORIGIN = 'http://localhost:3000';
const config = { ...testConfig, publicUrl: ORIGIN };
const createCaller = createCallerFactory(appRouter);
const db = useTestDatabase();

/** A browser on our origin: keeps the session cookie, and has its own passkey authenticator. */
function browser(origin = ORIGIN) {
  let token: string | undefined;
  const call = async () => {
    const resolved = await resolveSession(db.current.db, config, token);
    const context: Context = {
      db: db.current.db,
      config,
      actor: browserActor(resolved?.user ?? null),
      user: resolved?.user ?? null,
      sessionToken: token,
      ip: '127.0.0.1',
      cookie: {
        set: (value) => {
          token = value;
        },
        clear: () => {
          token = undefined;
        },
      },
    };
    return createCaller(context);
  };
  return { call, authenticator: new SoftAuthenticator(origin), signOut: () => (token = undefined) };
}

let counter = 0;
const freshName = (prefix = 'pk') => `${prefix}_${Date.now().toString(36)}${++counter}`;

/** A new account made by a passkey, signed in. */
async function registerByPasskey(name = freshName(), email?: string) {
  const b = browser();
  const options = await (await b.call()).passkey.registerOptions({ name, email });
  const user = await (await b.call()).passkey.registerVerify(b.authenticator.create(options) as never);
  return { ...b, user, name };
}

/** An email-and-password account, signed in. */
async function registerByEmail(name = 'Mail') {
  const b = browser();
  const email = `${freshName('mail')}@example.com`;
  const user = await (await b.call()).auth.register({ name, email, password: 'secret-password' });
  return { ...b, user, email };
}

async function signInWithPasskey(
  b: ReturnType<typeof browser>,
  input?: { username?: string; email?: string },
) {
  const options = await (await b.call()).passkey.loginOptions(input ?? {});
  return (await b.call()).passkey.loginVerify(b.authenticator.get(options) as never);
}

const hashOf = (challenge: string) => createHash('sha256').update(challenge).digest('base64url');

async function challengeRow(challenge: string) {
  const [row] = await db.current.db
    .select()
    .from(authChallenges)
    .where(eq(authChallenges.secretHash, hashOf(challenge)));
  return row;
}

describe('passkey registration (a new account)', () => {
  it('creates the account named by the passkey, stores the passkey, and signs in', async () => {
    const name = freshName('Anna');
    const email = `${freshName('anna')}@example.com`;
    const b = browser();
    const options = await (await b.call()).passkey.registerOptions({ name: `  ${name} `, email });
    expect(options.rp).toEqual({ id: 'localhost', name: 'Dolya' });
    expect(options.user.name).toBe(name);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required' });

    const user = await (await b.call()).passkey.registerVerify(b.authenticator.create(options) as never);
    expect(user).toMatchObject({ name, username: name, email });
    expect(await (await b.call()).auth.me()).toMatchObject({ id: user.id, username: name });
    expect(await (await b.call()).passkey.linked()).toEqual({ linked: true, count: 1 });

    const [stored] = await db.current.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(stored).toMatchObject({ credentialId: b.authenticator.credentials[0]!.id.toString('base64url') });
    // The WebAuthn user handle is the account id.
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(user.id);
    // No password: the passkey is the only way in.
    const [row] = await db.current.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBeNull();
  });

  it('stores only a hash of the challenge, for 5 minutes, with the name in the payload', async () => {
    const name = freshName();
    const before = Date.now();
    const options = await (await browser().call()).passkey.registerOptions({ name });
    const row = await challengeRow(options.challenge);
    expect(row).toMatchObject({ purpose: 'passkey-register', userId: null, payload: { name, email: null } });
    expect(row!.secretHash).not.toContain(options.challenge);
    const ttl = row!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(5 * 60_000 - 5_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000 + 5_000);
  });

  it('refuses a blank name and a taken username (case-insensitive), before any ceremony', async () => {
    const call = await browser().call();
    for (const blank of ['', '   ']) {
      const error = await refusal(call.passkey.registerOptions({ name: blank }));
      expect(error.appCode).toBe('VALIDATION_ERROR');
      expect(error.message).toContain('Enter name');
    }
    const taken = await registerByPasskey(freshName('Taken'));
    const error = await refusal(call.passkey.registerOptions({ name: taken.name.toUpperCase() }));
    expect(error.appCode).toBe('USERNAME_TAKEN');
  });

  it('refuses at verify when the name was taken meanwhile, and creates nothing', async () => {
    const name = freshName('Race');
    const b = browser();
    const options = await (await b.call()).passkey.registerOptions({ name });
    await registerByPasskey(name.toLowerCase());
    const error = await refusal(
      (await b.call()).passkey.registerVerify(b.authenticator.create(options) as never),
    );
    expect(error.appCode).toBe('USERNAME_TAKEN');
    const [row] = await db.current.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, b.authenticator.credentials[0]!.id.toString('base64url')));
    expect(row).toBeUndefined();
  });

  it('keeps the email only when it is free', async () => {
    const owner = await registerByEmail();
    const { user } = await registerByPasskey(freshName(), owner.email);
    expect(user.email).toBeNull();
    const free = `${freshName('free')}@example.com`;
    const b = browser();
    const options = await (await b.call()).passkey.registerOptions({ name: freshName() });
    // The email may also come with the attestation.
    const created = await (await b.call()).passkey.registerVerify({
      ...b.authenticator.create(options),
      email: free,
    } as never);
    expect(created.email).toBe(free);
  });

  it('uses a challenge once: a replayed attestation is refused', async () => {
    const b = browser();
    const options = await (await b.call()).passkey.registerOptions({ name: freshName() });
    const attestation = b.authenticator.create(options);
    await (await b.call()).passkey.registerVerify(attestation as never);
    expect(await challengeRow(options.challenge)).toBeUndefined();
    const replay = await refusal((await browser().call()).passkey.registerVerify(attestation as never));
    expect(replay.appCode).toBe('PASSKEY_REGISTER_FAILED');
  });

  it('refuses an answer after the 5 minutes (expiresAt in the past), and a fresh one still works', async () => {
    const b = browser();
    const options = await (await b.call()).passkey.registerOptions({ name: freshName() });
    await db.current.db
      .update(authChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authChallenges.secretHash, hashOf(options.challenge)));
    const error = await refusal(
      (await b.call()).passkey.registerVerify(b.authenticator.create(options) as never),
    );
    expect(error.appCode).toBe('PASSKEY_REGISTER_FAILED');
    expect(await (await b.call()).passkey.linked().catch((e) => e.code)).toBe('UNAUTHORIZED');

    const again = browser();
    const fresh = await (await again.call()).passkey.registerOptions({ name: freshName() });
    await expect(
      (await again.call()).passkey.registerVerify(again.authenticator.create(fresh) as never),
    ).resolves.toMatchObject({ username: fresh.user.name });
  });

  it('refuses an attestation from another origin or with a tampered signature-free body', async () => {
    const evil = browser('http://evil.localhost:3000');
    const options = await (await evil.call()).passkey.registerOptions({ name: freshName() });
    const foreign = evil.authenticator.create({ ...options, rp: { ...options.rp, id: 'localhost' } });
    expect((await refusal((await evil.call()).passkey.registerVerify(foreign as never))).appCode).toBe(
      'PASSKEY_REGISTER_FAILED',
    );

    const b = browser();
    const options2 = await (await b.call()).passkey.registerOptions({ name: freshName() });
    const attestation = b.authenticator.create(options2);
    const broken = { ...attestation, response: { ...attestation.response, attestationObject: 'AAAA' } };
    expect((await refusal((await b.call()).passkey.registerVerify(broken as never))).appCode).toBe(
      'PASSKEY_REGISTER_FAILED',
    );
  });
});

describe('passkey sign-in', () => {
  it('signs in usernameless (no allowCredentials), by username and by email, updating the counter', async () => {
    const email = `${freshName('kim')}@example.com`;
    const kim = await registerByPasskey(freshName('Kim'), email);
    kim.signOut();
    const options = await (await kim.call()).passkey.loginOptions({});
    expect(options.allowCredentials).toBeUndefined();
    expect(options.rpId).toBe('localhost');
    const assertion = kim.authenticator.get(options);
    expect(await (await kim.call()).passkey.loginVerify(assertion as never)).toMatchObject({
      id: kim.user.id,
    });
    expect(await (await kim.call()).auth.me()).toMatchObject({ id: kim.user.id });

    const [row] = await db.current.db.select().from(passkeys).where(eq(passkeys.userId, kim.user.id));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).toBeInstanceOf(Date);

    for (const input of [{ username: kim.name.toUpperCase() }, { email }]) {
      kim.signOut();
      const byId = await (await kim.call()).passkey.loginOptions(input);
      expect(byId.allowCredentials?.map((c) => c.id)).toEqual([row!.credentialId]);
      await expect(
        (await kim.call()).passkey.loginVerify(kim.authenticator.get(byId) as never),
      ).resolves.toMatchObject({ id: kim.user.id });
    }
    const [after] = await db.current.db.select().from(passkeys).where(eq(passkeys.userId, kim.user.id));
    expect(after!.counter).toBe(3);
  });

  it('answers for an unknown username or email as for a real one, and the verify fails', async () => {
    const b = browser();
    const call = await b.call();
    const ghost = await call.passkey.loginOptions({ username: 'nobody_here_at_all' });
    expect(ghost.allowCredentials).toHaveLength(1);
    // Stable per identifier, so asking twice does not tell a made-up answer from a real one.
    const again = await call.passkey.loginOptions({ username: 'NOBODY_here_at_all' });
    expect(again.allowCredentials).toEqual(ghost.allowCredentials);
    const byEmail = await call.passkey.loginOptions({ email: 'nobody@example.com' });
    expect(byEmail.allowCredentials).toHaveLength(1);
    expect(byEmail.allowCredentials![0]!.id).not.toBe(ghost.allowCredentials![0]!.id);

    // An email account without a passkey looks the same.
    const mail = await registerByEmail();
    expect((await call.passkey.loginOptions({ email: mail.email })).allowCredentials).toHaveLength(1);

    // The browser finds no such passkey; a forged answer for the made-up id is refused.
    expect(() => b.authenticator.get(ghost)).toThrow(CeremonyError);
  });

  it('refuses a passkey the server does not know (unknown credential)', async () => {
    const b = browser();
    // A credential made on the authenticator but never registered with us.
    b.authenticator.create({
      challenge: 'AAAA',
      rp: { id: 'localhost', name: 'x' },
      user: { id: 'dW5rbm93bg', name: 'u', displayName: 'u' },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    });
    const options = await (await b.call()).passkey.loginOptions({});
    const error = await refusal((await b.call()).passkey.loginVerify(b.authenticator.get(options) as never));
    expect(error.appCode).toBe('PASSKEY_VERIFY_FAILED');
    expect(error.status).toBe(401);
    await expect((await b.call()).auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('uses a login challenge once: a replayed assertion is refused', async () => {
    const kim = await registerByPasskey();
    kim.signOut();
    const options = await (await kim.call()).passkey.loginOptions({});
    const assertion = kim.authenticator.get(options);
    await (await kim.call()).passkey.loginVerify(assertion as never);
    const replay = await refusal((await browser().call()).passkey.loginVerify(assertion as never));
    expect(replay.appCode).toBe('PASSKEY_VERIFY_FAILED');
  });

  it('refuses an expired login challenge', async () => {
    const kim = await registerByPasskey();
    kim.signOut();
    const options = await (await kim.call()).passkey.loginOptions({});
    await db.current.db
      .update(authChallenges)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authChallenges.secretHash, hashOf(options.challenge)));
    const error = await refusal(
      (await kim.call()).passkey.loginVerify(kim.authenticator.get(options) as never),
    );
    expect(error.appCode).toBe('PASSKEY_VERIFY_FAILED');
  });

  it('refuses a challenge issued for another purpose, without using it up', async () => {
    const kim = await registerByPasskey();
    kim.signOut();
    // A registration challenge answered as a sign-in.
    const registration = await (await kim.call()).passkey.registerOptions({ name: freshName() });
    const asLogin = kim.authenticator.get({ challenge: registration.challenge, rpId: 'localhost' });
    expect((await refusal((await kim.call()).passkey.loginVerify(asLogin as never))).appCode).toBe(
      'PASSKEY_VERIFY_FAILED',
    );
    expect(await challengeRow(registration.challenge)).toMatchObject({ purpose: 'passkey-register' });

    // A sign-in challenge answered as a registration.
    const login = await (await kim.call()).passkey.loginOptions({});
    const asRegistration = kim.authenticator.create({ ...registration, challenge: login.challenge });
    expect((await refusal((await kim.call()).passkey.registerVerify(asRegistration as never))).appCode).toBe(
      'PASSKEY_REGISTER_FAILED',
    );
    // The sign-in challenge is still good for a sign-in.
    await expect(
      (await kim.call()).passkey.loginVerify(kim.authenticator.get(login) as never),
    ).resolves.toMatchObject({ id: kim.user.id });
  });

  it('refuses an assertion from another origin, and a cloned authenticator whose counter went back', async () => {
    const kim = await registerByPasskey();
    kim.signOut();
    const options = await (await kim.call()).passkey.loginOptions({});
    const foreign = kim.authenticator.get(options, { origin: 'http://evil.example' });
    expect((await refusal((await kim.call()).passkey.loginVerify(foreign as never))).appCode).toBe(
      'PASSKEY_VERIFY_FAILED',
    );

    await signInWithPasskey(kim);
    await signInWithPasskey(kim);
    // A clone made earlier still answers with an older counter.
    kim.authenticator.credentials[0]!.counter = 0;
    kim.signOut();
    const cloned = refusal(signInWithPasskey(kim));
    expect((await cloned).appCode).toBe('PASSKEY_VERIFY_FAILED');
  });
});

describe('linking a passkey to the signed-in account', () => {
  it('links, excludes the linked credential next time, and reports the status', async () => {
    const mail = await registerByEmail();
    expect(await (await mail.call()).passkey.linked()).toEqual({ linked: false, count: 0 });
    const options = await (await mail.call()).passkey.linkOptions();
    expect(options.excludeCredentials).toEqual([]);
    expect(options.user.name).toBe(mail.user.username);
    expect(await challengeRow(options.challenge)).toMatchObject({
      purpose: 'passkey-link',
      userId: mail.user.id,
    });
    expect(await (await mail.call()).passkey.linkVerify(mail.authenticator.create(options) as never)).toEqual(
      { linked: true, count: 1 },
    );

    const next = await (await mail.call()).passkey.linkOptions();
    const credentialId = mail.authenticator.credentials[0]!.id.toString('base64url');
    expect(next.excludeCredentials?.map((c) => c.id)).toEqual([credentialId]);
    expect(() => mail.authenticator.create(next)).toThrow(CeremonyError);

    // The linked passkey signs this account in.
    mail.signOut();
    expect(await signInWithPasskey(mail)).toMatchObject({ id: mail.user.id });
  });

  it('answers 409 PASSKEY_ALREADY_LINKED for a credential that is already registered', async () => {
    const kim = await registerByPasskey();
    const mail = await registerByEmail();
    // Kim's own credential, presented again to link to Mail's account.
    const options = await (await mail.call()).passkey.linkOptions();
    const reused = kim.authenticator.create(options, kim.authenticator.credentials[0]);
    const error = await refusal((await mail.call()).passkey.linkVerify(reused as never));
    expect(error.appCode).toBe('PASSKEY_ALREADY_LINKED');
    expect(error.status).toBe(409);
    expect(await (await mail.call()).passkey.linked()).toEqual({ linked: false, count: 0 });
  });

  it("does not accept someone else's link challenge", async () => {
    const ann = await registerByEmail('Ann');
    const bob = await registerByEmail('Bob');
    const options = await (await ann.call()).passkey.linkOptions();
    const error = await refusal(
      (await bob.call()).passkey.linkVerify(bob.authenticator.create(options) as never),
    );
    expect(error.appCode).toBe('PASSKEY_REGISTER_FAILED');
    expect(await (await bob.call()).passkey.linked()).toEqual({ linked: false, count: 0 });
    expect(await challengeRow(options.challenge)).toBeDefined();
  });

  it('needs a session for link, linked and unlink', async () => {
    const call = await browser().call();
    for (const attempt of [call.passkey.linkOptions(), call.passkey.linked(), call.passkey.unlink()]) {
      expect((await refusal(attempt)).appCode).toBe('UNAUTHORIZED');
    }
  });
});

describe('unlinking passkeys never locks a person out', () => {
  it('lets an account with a password remove its passkeys', async () => {
    const mail = await registerByEmail();
    const options = await (await mail.call()).passkey.linkOptions();
    await (await mail.call()).passkey.linkVerify(mail.authenticator.create(options) as never);
    expect(await (await mail.call()).passkey.unlink()).toEqual({ linked: false, count: 0 });
    expect(await (await mail.call()).passkey.linked()).toEqual({ linked: false, count: 0 });
  });

  it('refuses 409 CANNOT_UNLINK_LAST_ACCOUNT for a passkey-only account and keeps the passkey', async () => {
    const kim = await registerByPasskey();
    const error = await refusal((await kim.call()).passkey.unlink());
    expect(error.appCode).toBe('CANNOT_UNLINK_LAST_ACCOUNT');
    expect(error.status).toBe(409);
    expect(await (await kim.call()).passkey.linked()).toEqual({ linked: true, count: 1 });
    kim.signOut();
    expect(await signInWithPasskey(kim)).toMatchObject({ id: kim.user.id });
  });

  it('counts every passkey as one method: all of them go together, so two are still the last ones', async () => {
    const kim = await registerByPasskey();
    const second = new SoftAuthenticator(ORIGIN);
    const options = await (await kim.call()).passkey.linkOptions();
    await (await kim.call()).passkey.linkVerify(second.create(options) as never);
    expect(await (await kim.call()).passkey.linked()).toEqual({ linked: true, count: 2 });
    expect((await refusal((await kim.call()).passkey.unlink())).appCode).toBe('CANNOT_UNLINK_LAST_ACCOUNT');
    expect(await (await kim.call()).passkey.linked()).toEqual({ linked: true, count: 2 });
  });

  it('lets a passkey account with a linked identity remove its passkeys', async () => {
    const kim = await registerByPasskey();
    await db.current.db
      .insert(identities)
      .values({ userId: kim.user.id, provider: 'GOOGLE', subject: `google-${kim.name}` });
    expect(await (await kim.call()).passkey.unlink()).toEqual({ linked: false, count: 0 });
  });
});

describe('a blocked account', () => {
  it('cannot sign in with its passkey; unblocked, it can', async () => {
    const kim = await registerByPasskey();
    await adminCaller(db.current.db).admin.users.block({ userId: kim.user.id });
    kim.signOut();
    const error = await refusal(signInWithPasskey(kim, { username: kim.name }));
    expect(error.appCode).toBe('ACCOUNT_BLOCKED');
    expect((await refusal((await kim.call()).auth.me())).appCode).toBe('UNAUTHORIZED');
    await adminCaller(db.current.db).admin.users.unblock({ userId: kim.user.id });
    expect(await signInWithPasskey(kim, { username: kim.name })).toMatchObject({ id: kim.user.id });
  });
});
