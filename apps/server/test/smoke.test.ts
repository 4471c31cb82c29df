import { describe, expect, it } from 'vitest';
import { client, useServer } from './harness';

describe('server harness', () => {
  const server = useServer();
  it('registers, reads me, logs out', async () => {
    const c = client(() => server.app);
    const reg = await c.post('/api/auth/register', {
      name: 'Ann',
      email: 'ann@example.com',
      password: 'secret1',
    });
    expect(reg.status).toBe(201);
    expect((await c.get('/api/auth/me')).status).toBe(200);
    expect((await c.post('/api/auth/logout')).status).toBe(200);
    expect((await c.get('/api/auth/me')).status).toBe(401);
  });
});
