/**
 * First step of `npm test`: the browser journeys (apps/web/e2e) need Debian's chromium, and the
 * server's PgBouncer test (apps/server/test/pgbouncer.test.ts) Debian's pgbouncer. Without them
 * the tests stop here at once with the one line to run, instead of failing late or skipping.
 */
import { execFileSync } from 'node:child_process';
import { findChromium } from '../apps/web/e2e/browser';

function onPath(program: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${program} || test -x /usr/sbin/${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const missing = [...(findChromium() ? [] : ['chromium']), ...(onPath('pgbouncer') ? [] : ['pgbouncer'])];
if (missing.length > 0) {
  console.error(
    `The tests need Debian's ${missing.join(' and ')}: run \`apt-get install -y ${missing.join(' ')}\`` +
      `${missing.includes('chromium') ? ' (or set CHROMIUM_PATH for chromium)' : ''}, then run the tests again.`,
  );
  process.exit(1);
}
