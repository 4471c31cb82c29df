import { useMemo, useSyncExternalStore } from 'react';
import { i18n } from './index';

/**
 * Stands in for react-i18next at run time (vite.config.ts aliases the package here; its types
 * still describe `t`). A screen suspends until its namespace has arrived, and re-renders when the
 * language changes.
 */
export function useTranslation(namespace?: string) {
  const version = useSyncExternalStore(i18n.subscribe, i18n.snapshot);
  const language = i18n.language;
  const ns = namespace ?? 'common';
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `t` when texts change, so memoised children follow.
  const t = useMemo(() => i18n.getFixedT(language, ns), [language, ns, version]);
  const missing = (ns === 'common' ? [ns] : ['common', ns]).find((needed) => !i18n.has(language, needed));
  // Suspense's own protocol, as react-i18next does: not use(), which must then be called on every
  // render. Every hook above runs first, so the hooks' order never changes.
  if (missing) throw i18n.load(language, missing);
  return { t, i18n, ready: true };
}
