import { createServer } from 'node:http';

/**
 * A stand-in for the exchange rate provider (Frankfurter v2's GET /v2/rate/{from}/{to}?date=) on
 * 127.0.0.1, so the journeys see a suggested rate without the internet. It knows the rates below
 * (the answer's number written as the provider writes it); any other pair is a 404, as the
 * provider answers for a currency it has no rate of.
 */
export const FX_STAND_IN_RATES: Record<string, string> = { 'EUR/RUB': '93.75', 'USD/RUB': '80.5' };

export async function startFxStandIn() {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const match = /^\/v2\/rate\/([A-Z]{3})\/([A-Z]{3})$/.exec(url.pathname);
    const rate = match ? FX_STAND_IN_RATES[`${match[1]}/${match[2]}`] : undefined;
    const date = url.searchParams.get('date') ?? '';
    if (!match || !rate) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"message":"not found"}');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(`{"date":"${date}","base":"${match[1]}","quote":"${match[2]}","rate":${rate}}`);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
