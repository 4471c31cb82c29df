/**
 * Toasts of the three kinds of spec §4; shown 2 s, then a 300 ms fade (see styles.css). sonner is
 * fetched with the toaster just after the first screen (ui/Toasts), not with the screens that
 * toast, so it stays off the first load (issue 14). A toast asked for before the toaster is
 * mounted waits for it: sonner drops toasts that no toaster listens to.
 */
type Kind = 'success' | 'error' | 'info';

let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by the toaster once it listens (ui/Toasts). */
export function toasterMounted() {
  markMounted();
}

const show = (kind: Kind) => (message: string) => {
  void mounted.then(() => import('sonner')).then(({ toast }) => toast[kind](message));
};

export const toast = { success: show('success'), error: show('error'), info: show('info') };

export const TOAST_DURATION_MS = 2000;
