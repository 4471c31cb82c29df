/** Times simplifyDebts on random zero-sum balances: npm run bench -w @dolya/domain */
import { type Cents, greedyDebts, simplifyDebts } from '../src/index';

const SIZES = [20, 200, 10_000];
const WARM_UP_RUNS = 3;
const TIMED_RUNS = 15;

/** mulberry32: a small seeded PRNG, so every run measures the same balances. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `size` non-zero balances up to ±1000.00 that sum to zero. */
function randomBalances(size: number, random: () => number): Record<string, Cents> {
  const values: Cents[] = [];
  while (values.length < size - 1) {
    const cents = Math.floor(random() * 200_001) - 100_000;
    if (cents !== 0) values.push(cents);
  }
  const last = -values.reduce((sum, cents) => sum + cents, 0);
  values.push(last === 0 ? 1 : last);
  if (last === 0) values[0] = (values[0] ?? 0) - 1;
  return Object.fromEntries(
    values.map((cents, index) => [`member-${String(index).padStart(5, '0')}`, cents]),
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const rows = SIZES.map((size) => {
  const nets = randomBalances(size, seededRandom(size));
  for (let run = 0; run < WARM_UP_RUNS; run++) simplifyDebts(nets);
  const times: number[] = [];
  let transfers = 0;
  for (let run = 0; run < TIMED_RUNS; run++) {
    const start = performance.now();
    transfers = simplifyDebts(nets).length;
    times.push(performance.now() - start);
  }
  return {
    size,
    'median ms': Number(median(times).toFixed(2)),
    'min ms': Number(Math.min(...times).toFixed(2)),
    transfers,
    'greedy transfers': greedyDebts(nets).length,
  };
});

console.log(`simplifyDebts, ${TIMED_RUNS} timed runs after ${WARM_UP_RUNS} warm-up runs`);
console.table(rows);
