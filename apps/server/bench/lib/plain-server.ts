/** The baseline: Fastify answering {} and nothing else, on the same machine as the real server. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/health', async () => ({}));
app.get('/', async () => ({}));
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => app.close().then(() => process.exit(0)));
