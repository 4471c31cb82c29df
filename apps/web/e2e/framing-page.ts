/**
 * Telegram Web, as far as the session is concerned: a page on another site (127.0.0.1, while the
 * app is served on localhost) that shows the mini app in an iframe. Browsers treat the frame as
 * third-party there: the app's Lax session cookie is not sent from it.
 */
import { createServer } from 'node:http';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Serves GET /?src=<url>: a full-window iframe of that URL. */
export async function startFramingPage(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const src = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('src') ?? 'about:blank';
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Telegram Web (stand-in)</title>` +
        `<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%;display:block}</style>` +
        `<iframe title="Dolya mini app" src="${escapeAttribute(src)}"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
