/**
 * PostgreSQL's own way to name a Unix socket in a connection string, as libpq and psql read it:
 * `postgres://user@localhost/dolya?host=/var/run/postgresql` (the directory; the port picks the
 * socket file in it). postgres-js takes the socket only as its `path` option and would send `host`
 * to the server as a setting, so it is taken out of the URL here.
 *
 * Worth it when the app and PostgreSQL share a machine: on the 2-core bench machine the same
 * bench:load mix cost 3.4 ms of server CPU per answer over the socket and 4.0 ms over TCP on
 * 127.0.0.1 (a loopback TCP write there costs the sender most of PostgreSQL's receive side too).
 */
export function withUnixSocket(url: string): { url: string; path?: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url };
  }
  const directory = parsed.searchParams.get('host');
  if (!directory?.startsWith('/')) return { url };
  parsed.searchParams.delete('host');
  const port = parsed.port || '5432';
  return { url: parsed.toString(), path: `${directory.replace(/\/+$/, '')}/.s.PGSQL.${port}` };
}
