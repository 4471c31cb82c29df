import type { ReactNode } from 'react';

/** Settings-only stroke icons on the 24×24 grid of src/ui/icons.tsx; decorative, the label is elsewhere. */
function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.9}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** "⋯": a row's actions. */
export function MoreIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="1.9" />
      <circle cx="12" cy="12" r="1.9" />
      <circle cx="19" cy="12" r="1.9" />
    </svg>
  );
}

export function ShieldIcon() {
  return (
    <Icon>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6z" />
      <path d="m9 12 2 2 4-4" />
    </Icon>
  );
}

export function ShieldOffIcon() {
  return (
    <Icon>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6z" />
      <path d="M9 12h6" />
    </Icon>
  );
}

export function UserMinusIcon() {
  return (
    <Icon>
      <circle cx="9.5" cy="8" r="3.8" />
      <path d="M2.5 20a7 7 0 0 1 14 0" />
      <path d="M16 11h6" />
    </Icon>
  );
}

export function UserPlusIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <circle cx="9.5" cy="8" r="3.8" />
      <path d="M2.5 20a7 7 0 0 1 14 0" />
      <path d="M19 8v6M16 11h6" />
    </Icon>
  );
}
