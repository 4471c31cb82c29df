import { accessSync, constants } from 'node:fs';

/** Where Debian (and Ubuntu's deb) put chromium; CHROMIUM_PATH goes first when set. */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The one-line instruction given when no chromium is found. */
export const CHROMIUM_MISSING =
  "The browser journeys need Debian's chromium: run `apt-get install -y chromium` (or set CHROMIUM_PATH), then run the tests again.";

/** The chromium to drive: CHROMIUM_PATH, else Debian's; undefined when none is executable. */
export function findChromium(env: Record<string, string | undefined> = process.env): string | undefined {
  const configured = env.CHROMIUM_PATH?.trim();
  for (const path of configured ? [configured] : CANDIDATES) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not there
    }
  }
  return undefined;
}

/** Debian's chromium, never a downloaded browser; flags that keep it off the network. */
export const CHROMIUM_PATH = findChromium() ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
