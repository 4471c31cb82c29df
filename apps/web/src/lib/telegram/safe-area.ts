import type { TelegramInsets, TelegramWebApp } from './miniapp';

export const INSET_VARIABLES = ['--inset-top', '--inset-right', '--inset-bottom', '--inset-left'] as const;

const px = (value: number | undefined) =>
  `${Number.isFinite(value) && (value as number) > 0 ? Math.round(value as number) : 0}px`;

/**
 * The room the app leaves at each edge: the device's safe area (notch, home bar) plus the part of
 * it Telegram's own controls cover in fullscreen (contentSafeAreaInset). styles.css pads by these.
 */
export function insetVariables(
  webApp: Pick<TelegramWebApp, 'safeAreaInset' | 'contentSafeAreaInset'>,
): Record<(typeof INSET_VARIABLES)[number], string> {
  const safe: TelegramInsets = webApp.safeAreaInset ?? {};
  const content: TelegramInsets = webApp.contentSafeAreaInset ?? {};
  const sum = (side: keyof TelegramInsets) => (safe[side] ?? 0) + (content[side] ?? 0);
  return {
    '--inset-top': px(sum('top')),
    '--inset-right': px(sum('right')),
    '--inset-bottom': px(sum('bottom')),
    '--inset-left': px(sum('left')),
  };
}
