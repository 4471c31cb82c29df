import { captureLaunchParams } from './miniapp';

// Imported first by main.tsx: Telegram's launch data is read from the URL before the router
// redirects (a signed-out visitor of / goes to /features and the hash would be gone).
captureLaunchParams();
