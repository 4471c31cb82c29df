import { toast as sonner } from 'sonner';

/** Toasts of the three kinds of spec §4; shown 2 s, then a 300 ms fade (see styles.css). */
export const toast = {
  success: (message: string) => sonner.success(message),
  error: (message: string) => sonner.error(message),
  info: (message: string) => sonner.info(message),
};

export const TOAST_DURATION_MS = 2000;
