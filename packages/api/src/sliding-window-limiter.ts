/**
 * A small in-memory sliding-window limiter: at most `limit` hits per key within the last
 * `windowMs`. Each key keeps only the timestamps of its latest `limit` hits, and the number of keys
 * is capped, so a flood of distinct keys cannot grow memory without bound.
 */
export interface SlidingWindowOptions {
  limit: number;
  windowMs: number;
  /** Clock in milliseconds; tests pass their own. */
  now?: () => number;
  /** Most keys kept; past it, expired keys go first, then the least recently hit (down to 90 %). */
  maxKeys?: number;
}

export class SlidingWindowLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly now: () => number;
  private readonly maxKeys: number;
  private readonly hits = new Map<string, number[]>();

  constructor(options: SlidingWindowOptions) {
    if (!(options.limit >= 1) || !(options.windowMs > 0)) throw new Error('limit >= 1 and windowMs > 0');
    this.limit = Math.floor(options.limit);
    this.windowMs = options.windowMs;
    this.now = options.now ?? (() => Date.now());
    this.maxKeys = options.maxKeys ?? 100_000;
  }

  /** Hits of the key still inside the window. */
  count(key: string): number {
    return this.live(key).length;
  }

  /** True when the key has used up its hits for now. */
  isLimited(key: string): boolean {
    return this.count(key) >= this.limit;
  }

  /** Milliseconds until the key may hit again; 0 when it may now. */
  retryAfterMs(key: string): number {
    const live = this.live(key);
    if (live.length < this.limit) return 0;
    // The window frees a slot when the oldest hit that keeps the key at the limit leaves it.
    const oldest = live[live.length - this.limit]!;
    return Math.max(0, oldest + this.windowMs - this.now());
  }

  /**
   * Takes a hit if the key is under its limit and answers true; answers false (taking nothing)
   * when it is limited. Check and record happen at once, so parallel callers cannot both slip in.
   */
  tryHit(key: string): boolean {
    const live = this.live(key);
    if (live.length >= this.limit) return false;
    live.push(this.now());
    this.store(key, live);
    return true;
  }

  /** Records a hit whatever the count (e.g. a failure that happened anyway). */
  hit(key: string): void {
    const live = this.live(key);
    live.push(this.now());
    this.store(key, live.slice(-this.limit));
  }

  /** Gives back the latest hit of the key (e.g. an attempt that turned out not to count). */
  undo(key: string): void {
    const live = this.live(key);
    live.pop();
    this.store(key, live);
  }

  /** Forgets the key entirely. */
  reset(key: string): void {
    this.hits.delete(key);
  }

  /** Number of keys held, for tests and monitoring. */
  get size(): number {
    return this.hits.size;
  }

  private live(key: string): number[] {
    const stamps = this.hits.get(key);
    if (!stamps) return [];
    const since = this.now() - this.windowMs;
    return stamps.filter((stamp) => stamp > since);
  }

  private store(key: string, stamps: number[]) {
    this.hits.delete(key); // re-inserted last: the Map's order is then oldest-touched first
    if (stamps.length === 0) return;
    this.hits.set(key, stamps);
    if (this.hits.size > this.maxKeys) this.evict();
  }

  private evict() {
    const since = this.now() - this.windowMs;
    for (const [key, stamps] of this.hits) {
      if (stamps[stamps.length - 1]! <= since) this.hits.delete(key);
    }
    // Down to 90 %, so a steady stream of new keys does not rescan the map on every hit.
    const target = Math.floor(this.maxKeys * 0.9);
    for (const key of this.hits.keys()) {
      if (this.hits.size <= target) break;
      this.hits.delete(key);
    }
  }
}
