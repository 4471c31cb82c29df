import type { FastifyInstance } from 'fastify';
import { body, type CallerFor } from './caller';
import { attachment } from './group-export';

/** "Your data" (issue 29): the account's data as a file, what deleting would do, and the deletion. */
export function accountRoutes(app: FastifyInstance, call: CallerFor) {
  app.get('/api/account/data', async (req, reply) => {
    const file = await (await call(req, reply)).account.data();
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachment(file.filename))
      .header('cache-control', 'no-store')
      .send(file.content);
  });
  app.get('/api/account/deletion-plan', async (req, reply) =>
    (await call(req, reply)).account.deletionPlan(),
  );
  app.post('/api/account/delete', async (req, reply) =>
    (await call(req, reply)).account.delete(body(req) as never),
  );
}
