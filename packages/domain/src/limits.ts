/**
 * The largest share of a member or of an expense's split. Apart from schemas.ts, which builds zod
 * schemas when loaded: the web imports this and must not carry zod (25 kB gzipped) for a number.
 */
export const MAX_SHARE = 1_000_000;
