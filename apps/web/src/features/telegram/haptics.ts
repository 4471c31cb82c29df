import { currentWebApp } from './runtime';

/** Inside Telegram, the phone's buzz for an outcome (a save done or failed); nothing elsewhere. */
export function haptic(outcome: 'success' | 'error' | 'warning') {
  const webApp = currentWebApp();
  if (webApp?.isVersionAtLeast && !webApp.isVersionAtLeast('6.1')) return;
  webApp?.HapticFeedback?.notificationOccurred(outcome);
}
