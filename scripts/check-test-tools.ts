/**
 * First step of `npm test`: the browser journeys (apps/web/e2e) need Debian's chromium. Without it
 * the tests stop here at once with the one line to run, instead of failing late or skipping.
 */
import { CHROMIUM_MISSING, findChromium } from '../apps/web/e2e/browser';

if (!findChromium()) {
  console.error(CHROMIUM_MISSING);
  process.exit(1);
}
