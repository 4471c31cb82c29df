import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { useTheme } from '../lib/theme';
import { TOAST_DURATION_MS, toasterMounted } from '../lib/toast';

/** Where toasts show (spec §4); its own chunk, mounted just after the first screen. */
export default function Toasts() {
  const theme = useTheme();
  // After the Toaster's own effect (children's effects run first): it listens by now.
  useEffect(toasterMounted, []);
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
