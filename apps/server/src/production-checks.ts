/** The settings a production start looks at (the environment as parsed). */
export interface ProductionSettings {
  SESSION_SECRET?: string | undefined;
  BOT_API_SECRET?: string | undefined;
  ADMIN_API_TOKEN?: string | undefined;
  METRICS_TOKEN?: string | undefined;
  SEED_DEMO?: boolean | undefined;
  PUBLIC_URL?: string | undefined;
  COOKIE_SECURE: 'auto' | 'true' | 'false';
  COOKIE_SAMESITE: 'lax' | 'strict' | 'none';
}

/**
 * What makes a production start unsafe, as "VARIABLE: why" lines; none when it is safe. A server
 * started with NODE_ENV=production refuses to run with any of these rather than run exposed: a
 * guessable session secret signs anyone's cookie, the demo seed creates a known password, plain
 * http sends sessions in the clear, and SameSite=None cookies without Secure are dropped by browsers.
 */
export function productionProblems(env: ProductionSettings): string[] {
  const problems: string[] = [];
  if (!env.SESSION_SECRET) problems.push('SESSION_SECRET: required in production (32+ random characters)');
  for (const name of SECRETS) {
    const why = env[name] ? guessable(env[name]) : undefined;
    if (why) problems.push(`${name}: ${why}; use 32+ random characters (openssl rand -hex 32)`);
  }
  if (env.SEED_DEMO === true)
    problems.push(
      'SEED_DEMO: must be false in production (it creates demo@example.com with the password "demo")',
    );
  if (!env.PUBLIC_URL) problems.push('PUBLIC_URL: required in production, the https:// address users open');
  else if (new URL(env.PUBLIC_URL).protocol !== 'https:')
    problems.push('PUBLIC_URL: must be https:// in production (sessions must not travel in the clear)');
  const secure =
    env.COOKIE_SECURE === 'true' ||
    (env.COOKIE_SECURE === 'auto' && !!env.PUBLIC_URL && env.PUBLIC_URL.startsWith('https:'));
  if (env.COOKIE_SAMESITE === 'none' && !secure)
    problems.push(
      'COOKIE_SAMESITE: none needs Secure cookies (COOKIE_SECURE=true or auto with an https PUBLIC_URL)',
    );
  if (env.COOKIE_SECURE === 'false')
    problems.push('COOKIE_SECURE: must not be false in production (the session cookie would go over http)');
  return problems;
}

/** The bearer secrets and the cookie-signing secret: each lets its holder act as someone. */
const SECRETS = ['SESSION_SECRET', 'BOT_API_SECRET', 'ADMIN_API_TOKEN', 'METRICS_TOKEN'] as const;

/**
 * Why a secret is guessable, or undefined: a placeholder left from an example, or too few
 * different characters to be random (one character repeated, "abab…", "123123…"). 32 random hex
 * digits use about 15 different ones; fewer than 8 in a random secret of 32+ is all but impossible.
 */
export function guessable(secret: string): string | undefined {
  if (/change.?me|example|placeholder|secret|password|token/i.test(secret)) return 'still a placeholder';
  if (new Set(secret).size < 8) return 'too few different characters to be random';
  return undefined;
}
