import { captureLaunchParams } from '../../lib/telegram/miniapp';
import { startMiniApp } from '../../lib/telegram/runtime';
import { noteLaunch } from './start-link';

// Imported first by main.tsx: Telegram's launch data is read from the URL before the router
// redirects (a signed-out visitor of / goes to /features and the hash would be gone), and the
// mini app takes Telegram's colours and session header before anything renders or calls the API.
noteLaunch(captureLaunchParams());
startMiniApp();
