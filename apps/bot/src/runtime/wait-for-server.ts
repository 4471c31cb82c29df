import type { Logger } from '../log';

/**
 * Waits for the Dolya server to answer /health (started together, it may still be migrating),
 * for up to a minute; then starts anyway, each update failing politely until it answers.
 */
export async function waitForServer(apiUrl: string, log: Logger, timeoutMs = 60_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let told = false;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return true;
    } catch {
      // Not up yet.
    }
    if (!told) {
      log.info('waiting for the Dolya server', { server: apiUrl });
      told = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  log.warn('the Dolya server does not answer; starting anyway', { server: apiUrl });
  return false;
}
