/**
 * npm run bench:search — the group page's search against its first page, on the real server over
 * PostgreSQL, in a group of 50 members and 10 000 expenses (lib/big-group.ts: twenty everyday
 * names in turn, numbered, and one of a kind; categories in turn; one every 45 minutes from
 * 2025-01-01).
 *
 * Each kind of call is sent BENCH_SEQUENTIAL (300) times one after another on one connection
 * (after 50 warm-up calls of each), as the web app sends it (tRPC, a page of 50), then the same
 * calls from 4 callers at once; the kinds take turns call by call, so the machine's busy moments
 * fall on every kind alike. Printed as p50/p95/p99 per kind. The searches range from the
 * cheapest (a common word: the page fills at once) to the dearest (a text found once, or nowhere:
 * every expense of the group is looked at).
 */
import { loadavg } from 'node:os';
import { openDatabase } from '@dolya/db';
import { RARE_NAME, seedBigGroup } from './lib/big-group';
import { freshDatabase, serverUrl } from './lib/databases';
import { signIn } from './lib/group-page';
import {
  BROWSER_ENCODINGS,
  type Call,
  closedLoopCount,
  sequential,
  summarizeByKind,
  table,
} from './lib/load';
import { startDolyaServer } from './lib/processes';

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 300);

/** A server just started on a busy machine may shed its first requests (503): try a few times. */
async function signInSoon(baseUrl: string, group: Parameters<typeof signIn>[1]): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await signIn(baseUrl, group);
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

async function main() {
  const database = await freshDatabase(serverUrl());
  try {
    const handle = openDatabase({ databaseUrl: database.url });
    await handle.migrate();
    await handle.close();
    const group = await seedBigGroup(database.url);
    const server = await startDolyaServer({ DATABASE_URL: database.url, WEB_DIST: 'none' });
    try {
      const cookie = await signInSoon(server.baseUrl, group);
      const headers = { cookie, 'accept-encoding': BROWSER_ENCODINGS };
      const list = (kind: string, filter?: Record<string, string>): (() => Call) => {
        const input = { groupId: group.groupId, ...(filter ? { filter } : {}) };
        const path = `/trpc/expenses.list?input=${encodeURIComponent(JSON.stringify(input))}`;
        return () => ({ kind, method: 'GET', path, headers, expect: 200 });
      };
      const lastMember = group.memberIds.at(-1)!;
      const kinds: [string, () => Call, string][] = [
        ['first', list('first'), 'the first page, no search'],
        ['common', list('common', { text: 'ТАКСИ' }), 'a common word, every 21st expense ("ТАКСИ")'],
        ['short', list('short', { text: 'ко' }), 'two letters, in 2 of the 21 names ("ко")'],
        ['rare', list('rare', { text: 'подарок' }), `a word in 1 expense ("подарок": "${RARE_NAME}")`],
        ['number', list('number', { text: '9999' }), 'a number in 1 expense ("9999")'],
        ['nowhere', list('nowhere', { text: 'пицца' }), 'a word in no expense ("пицца")'],
        ['member', list('member', { memberId: lastMember }), 'a member who paid or has a part'],
        ['category', list('category', { categoryId: 'travel' }), 'one category (every 12th)'],
        [
          'month',
          list('month', { dateFrom: '2025-03-01', dateTo: '2025-03-31', timeZone: 'Europe/Moscow' }),
          'one month (992 expenses)',
        ],
        [
          'all4',
          list('all4', {
            text: 'e',
            memberId: lastMember,
            categoryId: 'food',
            dateFrom: '2025-02-01',
            dateTo: '2025-06-30',
          }),
          'text, member, category and dates together',
        ],
      ];
      console.log('Kinds:');
      for (const [kind, make, what] of kinds) {
        const res = await fetch(`${server.baseUrl}${make().path}`, { headers: { cookie } });
        const body = (await res.json()) as {
          result: { data: { items: unknown[]; nextCursor: string | null } };
        };
        const page = body.result.data;
        console.log(
          `  ${kind.padEnd(9)} ${what}: ${page.items.length} rows on the first page${page.nextCursor ? ', more after' : ''}`,
        );
      }
      // The kinds take turns, call by call, so a busy moment of the machine falls on all alike.
      const turn = (i: number) => kinds[i % kinds.length]![1]();
      await sequential(server.baseUrl, 50 * kinds.length, turn);
      const samples = await sequential(server.baseUrl, SEQUENTIAL * kinds.length, turn);
      console.log(
        `\nOne connection, one call after another, the kinds in turn (${SEQUENTIAL} of each, after 50 warm-up calls):`,
      );
      console.log(table(summarizeByKind(samples)));
      const concurrent = await closedLoopCount(
        server.baseUrl,
        { callers: 4, count: SEQUENTIAL * kinds.length },
        turn,
      );
      console.log(`\n4 callers at once, the kinds in turn (${SEQUENTIAL} calls of each):`);
      console.log(table(summarizeByKind(concurrent)));
      console.log(
        `\nMachine load average at the end: ${loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

await main();
