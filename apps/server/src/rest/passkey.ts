import type { FastifyInstance } from 'fastify';
import { body, type CallerFor } from './caller';

/** The eight passkey calls of spec §7; the bodies are WebAuthn JSON as @simplewebauthn/browser makes it. */
export function passkeyRoutes(app: FastifyInstance, call: CallerFor) {
  app.post('/api/passkey/register/options', async (req, reply) =>
    (await call(req, reply)).passkey.registerOptions(body(req) as never),
  );
  app.post('/api/passkey/register/verify', async (req, reply) =>
    (await call(req, reply)).passkey.registerVerify(body(req) as never),
  );
  app.post('/api/passkey/login/options', async (req, reply) =>
    (await call(req, reply)).passkey.loginOptions(body(req) as never),
  );
  app.post('/api/passkey/login/verify', async (req, reply) =>
    (await call(req, reply)).passkey.loginVerify(body(req) as never),
  );
  app.post('/api/passkey/link/register/options', async (req, reply) =>
    (await call(req, reply)).passkey.linkOptions(),
  );
  app.post('/api/passkey/link/register/verify', async (req, reply) =>
    (await call(req, reply)).passkey.linkVerify(body(req) as never),
  );
  app.get('/api/passkey/linked', async (req, reply) => (await call(req, reply)).passkey.linked());
  app.delete('/api/passkey/unlink', async (req, reply) => {
    await (await call(req, reply)).passkey.unlink();
    return reply.code(204).send();
  });
}
