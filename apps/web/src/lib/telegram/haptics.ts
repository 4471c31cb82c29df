import { currentWebApp, supports } from './runtime';

/** Inside Telegram, the phone's buzz for an outcome (a save done or failed); nothing elsewhere. */
export function haptic(outcome: 'success' | 'error' | 'warning') {
  const webApp = currentWebApp();
  if (webApp && supports(webApp, '6.1')) webApp.HapticFeedback?.notificationOccurred(outcome);
}
