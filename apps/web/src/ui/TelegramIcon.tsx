import './TelegramIcon.css';

/**
 * Telegram's paper plane in Telegram's blue, `size` pixels square (20 by default); `onPrimary` on a
 * filled button, where it takes the button's text colour.
 */
export function TelegramIcon({ size = 20, onPrimary = false }: { size?: number; onPrimary?: boolean }) {
  return (
    <svg
      className={onPrimary ? 'tg-icon tg-icon-on-primary' : 'tg-icon'}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="currentColor"
        d="M21.94 4.3a1.1 1.1 0 0 0-1.5-1.16L2.7 10.04c-1.05.41-1.02 1.92.05 2.28l4.39 1.46 1.7 5.33c.22.7 1.1.92 1.62.41l2.46-2.38 4.37 3.21c.66.49 1.6.12 1.77-.68l2.88-15.37ZM9.6 14.2l-.46 3.1-1.2-3.76 9.95-6.28-8.29 6.94Z"
      />
    </svg>
  );
}
