import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../../packages/api/test/passkeys-authenticator';
import { client, ORIGIN, useServer } from './harness';
import { expectError, json, signUp, type User } from './helpers';

/** The eight passkey calls of spec §7 at their exact REST paths, with real WebAuthn answers. */
describe('REST: passkeys', () => {
  const server = useServer();
  const app = () => server.app;
  const freshName = () => `pk_${randomUUID().slice(0, 8)}`;

  async function registerByPasskey(name = freshName()) {
    const c = client(app);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const options = await c.post('/api/passkey/register/options', { name });
    expect(options.status).toBe(200);
    const res = await c.post('/api/passkey/register/verify', authenticator.create(json(options)));
    expect(res.status).toBe(200);
    return { c, authenticator, user: json<User>(res), name };
  }

  it('registers a new account by passkey and signs it in; then signs in usernameless after sign-out', async () => {
    const { c, authenticator, user, name } = await registerByPasskey();
    expect(user).toMatchObject({ name, username: name });
    expect(json<User>(await c.get('/api/auth/me')).id).toBe(user.id);
    expect(json(await c.get('/api/passkey/linked'))).toEqual({ linked: true, count: 1 });

    await c.post('/api/auth/logout');
    expect((await c.get('/api/auth/me')).status).toBe(401);
    const options = await c.post('/api/passkey/login/options');
    expect(options.status).toBe(200);
    expect(json<Record<string, unknown>>(options)).not.toHaveProperty('allowCredentials');
    const res = await c.post('/api/passkey/login/verify', authenticator.get(json(options)));
    expect(res.status).toBe(200);
    expect(json<User>(res).id).toBe(user.id);
    expect(json<User>(await c.get('/api/auth/me')).id).toBe(user.id);
  });

  it('signs in by username and by email', async () => {
    const c = client(app);
    const authenticator = new SoftAuthenticator(ORIGIN);
    const name = freshName();
    const email = `${name}@example.com`;
    const options = await c.post('/api/passkey/register/options', { name, email });
    const user = json<User>(
      await c.post('/api/passkey/register/verify', authenticator.create(json(options))),
    );
    expect(user.email).toBe(email);
    for (const body of [{ username: name }, { email }]) {
      const anon = client(app);
      const login = json<{ allowCredentials: unknown[] }>(
        await anon.post('/api/passkey/login/options', body),
      );
      expect(login.allowCredentials).toHaveLength(1);
      const res = await anon.post('/api/passkey/login/verify', authenticator.get(login as never));
      expect(json<User>(res).id).toBe(user.id);
    }
  });

  it('answers the documented errors', async () => {
    const anon = client(app);
    expectError(await anon.get('/api/passkey/linked'), 401, 'UNAUTHORIZED');
    expectError(await anon.post('/api/passkey/link/register/options'), 401, 'UNAUTHORIZED');
    expectError(await anon.delete('/api/passkey/unlink'), 401, 'UNAUTHORIZED');

    const { name } = await registerByPasskey();
    expectError(await anon.post('/api/passkey/register/options', { name }), 409, 'USERNAME_TAKEN', 'name');
    expectError(
      await anon.post('/api/passkey/register/options', { name: ' ' }),
      400,
      'VALIDATION_ERROR',
      'name',
    );

    // An unknown username still gets options; the made-up credential cannot be answered.
    const ghost = await anon.post('/api/passkey/login/options', { username: 'nobody_at_all' });
    expect(ghost.status).toBe(200);
    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.create({
      challenge: 'AAAA',
      rp: { id: 'localhost', name: 'x' },
      user: { id: 'eA', name: 'x', displayName: 'x' },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
    });
    const usernameless = json(await anon.post('/api/passkey/login/options', {}));
    expectError(
      await anon.post('/api/passkey/login/verify', stranger.get(usernameless as never)),
      401,
      'PASSKEY_VERIFY_FAILED',
    );
    const registration = json(await anon.post('/api/passkey/register/options', { name: freshName() }));
    const attestation = stranger.create(registration as never);
    expectError(
      await anon.post('/api/passkey/register/verify', {
        ...attestation,
        response: { ...attestation.response, clientDataJSON: 'e30' },
      }),
      400,
      'PASSKEY_REGISTER_FAILED',
    );
  });

  it('links a passkey to an email account, refuses it twice, and unlinks it (204)', async () => {
    const { c } = await signUp(app, 'Linda');
    const authenticator = new SoftAuthenticator(ORIGIN);
    expect(json(await c.get('/api/passkey/linked'))).toEqual({ linked: false, count: 0 });
    const options = json(await c.post('/api/passkey/link/register/options'));
    const attestation = authenticator.create(options as never);
    const res = await c.post('/api/passkey/link/register/verify', attestation);
    expect(res.status).toBe(200);
    expect(json(res)).toEqual({ linked: true, count: 1 });

    // The same credential presented again with a new challenge.
    const again = json(await c.post('/api/passkey/link/register/options'));
    const reused = authenticator.create(again as never, authenticator.credentials[0]);
    expectError(await c.post('/api/passkey/link/register/verify', reused), 409, 'PASSKEY_ALREADY_LINKED');

    const unlink = await c.delete('/api/passkey/unlink');
    expect(unlink.status).toBe(204);
    expect(json(await c.get('/api/passkey/linked'))).toEqual({ linked: false, count: 0 });
  });

  it('refuses to unlink the passkeys of a passkey-only account with 409 CANNOT_UNLINK_LAST_ACCOUNT', async () => {
    const { c } = await registerByPasskey();
    expectError(await c.delete('/api/passkey/unlink'), 409, 'CANNOT_UNLINK_LAST_ACCOUNT');
    expect(json(await c.get('/api/passkey/linked'))).toEqual({ linked: true, count: 1 });
  });

  it('refuses a passkey call from a foreign origin before it runs', async () => {
    const res = await client(app).post('/api/passkey/login/options', {}, { origin: 'https://evil.example' });
    expectError(res, 403, 'FORBIDDEN_ORIGIN');
  });
});
