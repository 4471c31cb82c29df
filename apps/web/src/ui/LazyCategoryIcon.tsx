import { lazy, Suspense } from 'react';

const CategoryIcon = lazy(() => import('./CategoryIcon'));

/**
 * A category's icon, drawn once its code (lucide's icons, about 4 kB) has come after the first
 * screen; until then an empty box of the same size, so nothing moves.
 */
export function LazyCategoryIcon({ id, size = 18 }: { id: string | null | undefined; size?: number }) {
  return (
    <Suspense fallback={<span style={{ display: 'inline-block', width: size, height: size }} />}>
      <CategoryIcon id={id} size={size} />
    </Suspense>
  );
}
