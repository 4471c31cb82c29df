import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { useTheme } from '../lib/theme';
import { TOAST_DURATION_MS, toasterMounted } from '../lib/toast';

/** Where toasts show (spec §4); its own chunk, mounted just after the first screen. */
export default function Toasts() {
  const theme = useTheme();
  const { i18n } = useTranslation();
  // After the Toaster's own effect (children's effects run first): it listens by now.
  useEffect(toasterMounted, []);
  // The installable app (lib/pwa.ts), on every page the app runs, after its first screen; its
  // update offer is a toast, so it starts once they show.
  useEffect(() => {
    void import('../lib/pwa').then(({ startPwa }) => startPwa(i18n)).catch(() => undefined);
  }, [i18n]);
  return (
    <Toaster
      duration={TOAST_DURATION_MS}
      theme={theme}
      position="top-center"
      richColors
      closeButton={false}
    />
  );
}
