import { lazy, Suspense, useEffect, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialogContent';

const load = () => import('./ConfirmDialogContent');
const Content = lazy(load);

/**
 * A modal question with cancel and confirm (ConfirmDialogContent). Radix's dialog, focus trap and
 * scroll lock are 14 kB gzipped that the sign-in page would otherwise load before its first screen
 * (issue 14): they are fetched once the screen is up, and rendered from the first time it opens.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  useEffect(() => {
    void load();
  }, []);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Content {...props} />
    </Suspense>
  );
}
