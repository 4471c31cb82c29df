import { randomUUID } from 'node:crypto';
import { identities, passkeys, users } from '@dolya/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { client, useServer } from './harness';
import { expectError, json, NIL_UUID, signUp } from './helpers';

interface Identity {
  id: string;
  provider: string;
  email: string | null;
  displayName: string | null;
}

describe('REST identities', () => {
  const server = useServer();
  const app = () => server.app;

  /** Stores a linked account as the OAuth and Telegram flows do. */
  async function link(userId: string, provider: 'GOOGLE' | 'YANDEX' | 'TELEGRAM', email: string | null) {
    const [row] = await server.db.db
      .insert(identities)
      .values({ userId, provider, subject: randomUUID(), email, displayName: 'Shown Name' })
      .returning();
    return row!;
  }

  describe('GET /api/identities', () => {
    it('200 with the user’s own linked accounts: id, provider, email, displayName', async () => {
      const { c, user } = await signUp(app, 'Ida');
      expect(json<Identity[]>(await c.get('/api/identities'))).toEqual([]);
      const google = await link(user.id, 'GOOGLE', 'ida@gmail.example');
      const other = await signUp(app, 'Other');
      await link(other.user.id, 'YANDEX', 'other@yandex.example');

      const res = await c.get('/api/identities');
      expect(res.status).toBe(200);
      expect(json<Identity[]>(res)).toEqual([
        { id: google.id, provider: 'GOOGLE', email: 'ida@gmail.example', displayName: 'Shown Name' },
      ]);
    });

    it('401 UNAUTHORIZED when signed out', async () => {
      expectError(await client(app).get('/api/identities'), 401, 'UNAUTHORIZED');
    });
  });

  describe('DELETE /api/identities/{id}', () => {
    it('204 with no body; the identity is gone', async () => {
      const { c, user } = await signUp(app, 'Del');
      const google = await link(user.id, 'GOOGLE', 'del@gmail.example');
      const res = await c.delete(`/api/identities/${google.id}`);
      expect(res.status).toBe(204);
      expect(res.raw.body).toBe('');
      expect(json<Identity[]>(await c.get('/api/identities'))).toEqual([]);
    });

    it('404 NOT_FOUND for someone else’s identity and for an unknown id; nothing is deleted', async () => {
      const owner = await signUp(app, 'Owner');
      const theirs = await link(owner.user.id, 'TELEGRAM', null);
      const { c } = await signUp(app, 'Thief');
      expectError(await c.delete(`/api/identities/${theirs.id}`), 404, 'NOT_FOUND');
      expectError(await c.delete(`/api/identities/${NIL_UUID}`), 404, 'NOT_FOUND');
      expect(json<Identity[]>(await owner.c.get('/api/identities')).map((i) => i.id)).toEqual([theirs.id]);
    });

    it('409 CANNOT_UNLINK_LAST_ACCOUNT for the last way to sign in; a passkey counts as one', async () => {
      const { c, user } = await signUp(app, 'Last');
      await server.db.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
      const only = await link(user.id, 'YANDEX', 'last@yandex.example');

      expectError(await c.delete(`/api/identities/${only.id}`), 409, 'CANNOT_UNLINK_LAST_ACCOUNT');
      expect(json<Identity[]>(await c.get('/api/identities'))).toHaveLength(1);

      await server.db.db
        .insert(passkeys)
        .values({ userId: user.id, credentialId: randomUUID(), publicKey: 'pQECAyYgASFYIA' });
      expect((await c.delete(`/api/identities/${only.id}`)).status).toBe(204);
    });

    it('400 VALIDATION_ERROR for a malformed id, 401 when signed out', async () => {
      const { c } = await signUp(app, 'Bad');
      expectError(await c.delete('/api/identities/not-a-uuid'), 400, 'VALIDATION_ERROR', 'id');
      expectError(await client(app).delete(`/api/identities/${NIL_UUID}`), 401, 'UNAUTHORIZED');
    });

    it('403 FORBIDDEN_ORIGIN from a foreign page, and the identity stays', async () => {
      const { c, user } = await signUp(app, 'Csrf');
      const google = await link(user.id, 'GOOGLE', null);
      const res = await c.delete(`/api/identities/${google.id}`, { origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      expect(json<Identity[]>(await c.get('/api/identities'))).toHaveLength(1);
    });
  });
});
