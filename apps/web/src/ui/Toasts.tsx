import { Toaster } from 'sonner';
import { useTheme } from '../lib/theme';
import { TOAST_DURATION_MS } from '../lib/toast';

/** Where toasts show (spec §4); its own chunk, mounted just after the first screen. */
export default function Toasts() {
  const theme = useTheme();
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
