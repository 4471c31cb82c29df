/** A key, the passkey mark; decorative (the button or row next to it carries the label). */
export function KeyIcon({ size = 20 }: { size?: number }) {
  return (
    <svg
      className="passkey-mark"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="m10.7 12.3 9.8-9.8" />
      <path d="m16.5 6.5 3 3" />
      <path d="m14 9 2 2" />
    </svg>
  );
}
