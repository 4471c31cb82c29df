/**
 * `npm start`: the server, and the Telegram bot beside it when TELEGRAM_BOT_TOKEN is set, as two
 * processes sharing this terminal. Ctrl-C (or SIGTERM) stops both; if one of them ends, the
 * other is stopped too. Outside production, a BOT_API_SECRET is made up for both when none is set.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = { ...process.env };
const withBot = Boolean(env.TELEGRAM_BOT_TOKEN?.trim());

if (withBot && !env.BOT_API_SECRET?.trim() && env.NODE_ENV !== 'production') {
  env.BOT_API_SECRET = randomBytes(32).toString('base64url');
  console.log('BOT_API_SECRET is not set: using a new one for the server and the bot until they stop.');
}
if (withBot && !env.BOT_API_URL?.trim()) env.BOT_API_URL = `http://localhost:${env.PORT?.trim() || '3000'}`;

const children = new Map<string, ChildProcess>();
let stopping = false;
let exitCode = 0;

/** nodeArgs before the entry: tsx as a loader, or source maps for a built bundle. */
function start(name: string, entry: string, nodeArgs: string[]) {
  // This same node: no npx, no extra shell. Each child is its own process group, so Ctrl-C
  // reaches it once, from here, and not a second time from the terminal.
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: root,
    env,
    stdio: 'inherit',
    detached: true,
  });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`The ${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
      exitCode = code || 1;
      stopAll('SIGTERM');
    }
    if (children.size === 0) process.exit(exitCode);
  });
}

function stopAll(signal: NodeJS.Signals) {
  stopping = true;
  for (const child of children.values()) child.kill(signal);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(signal));

// The server as built by `npm run build -w @dolya/server` (plain node, no TypeScript compiler in it).
start('server', 'apps/server/dist/main.mjs', ['--enable-source-maps']);
if (withBot) start('bot', 'apps/bot/src/main.ts', ['--import', 'tsx']);
else console.log('TELEGRAM_BOT_TOKEN is not set: starting without the Telegram bot.');
