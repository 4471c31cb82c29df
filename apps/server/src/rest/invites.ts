import type { FastifyInstance } from 'fastify';
import { body, type CallerFor, param } from './caller';

export function inviteRoutes(app: FastifyInstance, call: CallerFor) {
  app.post('/api/invites/group/:groupId', async (req, reply) => {
    const invite = await (await call(req, reply)).invites.create({
      ...body(req),
      groupId: param(req, 'groupId'),
    } as never);
    return reply.code(201).send(invite);
  });
  app.get('/api/invites/group/:groupId', async (req, reply) => {
    const invite = await (await call(req, reply)).invites.get({ groupId: param(req, 'groupId') });
    return invite ? invite : reply.code(204).send();
  });
  app.delete('/api/invites/group/:groupId', async (req, reply) => {
    await (await call(req, reply)).invites.revoke({ groupId: param(req, 'groupId') });
    return reply.code(204).send();
  });
  app.get('/api/invites/:inviteToken', async (req, reply) =>
    (await call(req, reply)).invites.preview({ token: param(req, 'inviteToken') }),
  );
  app.post('/api/invites/:inviteToken/claim/:memberId', async (req, reply) =>
    (await call(req, reply)).invites.claim({
      token: param(req, 'inviteToken'),
      memberId: param(req, 'memberId'),
    }),
  );
  app.post('/api/invites/:inviteToken/join-new', async (req, reply) =>
    (await call(req, reply)).invites.joinNew({ token: param(req, 'inviteToken') }),
  );
}
