/** The Telegram login widget: its script, its payload, and how a broken widget is recognised. */

export const TELEGRAM_WIDGET_SCRIPT = 'https://telegram.org/js/telegram-widget.js?22';
/** Where the widget's frame comes from, and so the origin of the messages it posts to the page. */
export const TELEGRAM_LOGIN_ORIGIN = 'https://oauth.telegram.org';
/** Spec §9: the widget is checked 2.5 s after it mounts ... */
export const WIDGET_CHECK_DELAY_MS = 2500;
/** ... and a frame under 40 px high (or none at all, e.g. offline) counts as not shown. */
export const WIDGET_MIN_HEIGHT_PX = 40;

/** The signed user the widget's frame reports. */
export interface TelegramWidgetUser {
  id: number | string;
  first_name?: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  auth_date: number | string;
  hash: string;
  [field: string]: unknown;
}

/** True when the widget did not render: no frame in the container, or a frame under 40 px high. */
export function widgetFailed(container: Element | null): boolean {
  const frame = container?.querySelector('iframe');
  if (!frame) return true;
  return frame.getBoundingClientRect().height < WIDGET_MIN_HEIGHT_PX;
}

/**
 * The payload for the server exactly as the widget gave it: strings and the integer numbers it
 * uses for id and auth_date; nothing re-encoded, empty or missing fields left out.
 */
export function widgetPayload(
  user: TelegramWidgetUser | null | undefined,
): Record<string, string | number> | null {
  if (!user || typeof user !== 'object' || !user.hash) return null;
  const payload: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(user)) {
    if (typeof value === 'string' || typeof value === 'number') payload[key] = value;
  }
  return payload;
}

/**
 * The user in a message from the widget's frame, or undefined for any other message. The frame
 * posts `{"event":"auth_user","auth_data":{...}}` as JSON text once the person has authorised (and
 * at once, with `init`, when they had before) - what the script would otherwise hand to a
 * data-onauth callback, which it compiles with eval and a Content-Security-Policy refuses.
 */
export function widgetAuthUser(data: unknown): TelegramWidgetUser | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const message = JSON.parse(data) as { event?: unknown; auth_data?: unknown };
    if (message.event !== 'auth_user' || !message.auth_data || typeof message.auth_data !== 'object')
      return undefined;
    return message.auth_data as TelegramWidgetUser;
  } catch {
    return undefined;
  }
}
