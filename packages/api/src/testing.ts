/** Stand-ins for the tests of every package that reaches the API (`@dolya/api/testing`). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in of the Frankfurter v2 rates API on 127.0.0.1: GET /v2/rate/{base}/{quote}?date=...
 * answers {date, base, quote, rate} from `rates` (the rate written as given, digits and all),
 * 422 for a pair it does not know; `calls` counts what was asked, `delayMs` slows it down.
 */
export async function startFxProvider(rates: Record<string, { rate: string; date?: string }>) {
  const calls: string[] = [];
  const state = { delayMs: 0, fail: false };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    calls.push(`${url.pathname}${url.search}`);
    const match = /^\/v2\/rate\/([A-Za-z]{3})\/([A-Za-z]{3})$/.exec(url.pathname);
    const answer = () => {
      if (state.fail) {
        response.writeHead(500).end('{"message":"down"}');
        return;
      }
      const key = match ? `${match[1]}/${match[2]}`.toUpperCase() : '';
      const known = rates[key];
      if (!match || !known) {
        response.writeHead(422, { 'content-type': 'application/json' }).end('{"message":"invalid currency"}');
        return;
      }
      const date = known.date ?? url.searchParams.get('date') ?? '2026-11-28';
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(`{"date":"${date}","base":"${match[1]}","quote":"${match[2]}","rate":${known.rate}}`);
    };
    if (state.delayMs > 0) setTimeout(answer, state.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
