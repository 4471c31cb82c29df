import type { FastifyInstance } from 'fastify';
import type { CallerFor } from './caller';

/** GET /api/fx/rate?from=EUR&to=RUB&date=YYYY-MM-DD (issue 26): {rate, date, source} or RATE_UNAVAILABLE. */
export function fxRoutes(app: FastifyInstance, call: CallerFor) {
  app.get('/api/fx/rate', async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '');
    return (await call(req, reply)).fx.rate({ from: text('from'), to: text('to'), date: text('date') });
  });
}
