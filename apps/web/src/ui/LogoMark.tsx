/**
 * The Dolya mark: a coin cut into three equal shares, one of them (yours) pulled out. Drawn on a
 * 64-unit grid; the round stroke softens the corners. The same paths are in public/favicon.svg and
 * icons/app-icon.svg (a test keeps them in step).
 */
export const LOGO_PATHS = {
  share: 'M35.68 29.25L35.68 6.25A23 23 0 0 1 55.6 40.75Z',
  lower: 'M30.48 34.75L50.4 46.25A23 23 0 0 1 10.57 46.25Z',
  upper: 'M28.32 31L8.4 42.5A23 23 0 0 1 28.32 8Z',
} as const;

/** Decorative: the product name always stands next to it. Colours come from the theme tokens. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      className={className ? `logo-mark ${className}` : 'logo-mark'}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      <g strokeWidth="4" strokeLinejoin="round">
        <path className="logo-mark-upper" d={LOGO_PATHS.upper} />
        <path className="logo-mark-lower" d={LOGO_PATHS.lower} />
        <path className="logo-mark-share" d={LOGO_PATHS.share} />
      </g>
    </svg>
  );
}
