import { type CSSProperties, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDownIcon } from '../../ui/icons';
import { PULL_THRESHOLD, pullDistance, pullProgress, shouldRefresh } from './pullToRefresh';

export interface PullState {
  /** How far the content is pulled down, px (0 when idle). */
  distance: number;
  refreshing: boolean;
  /** The finger is on the screen (no easing while it moves). */
  dragging: boolean;
}

const IDLE: PullState = { distance: 0, refreshing: false, dragging: false };

/** The spinner stays at least this long, so a quick refresh is still seen to happen. */
export const REFRESH_MIN_MS = 400;

/** Touches that start in these never pull the page (open dialogs, menus, sheets, or opted-out areas). */
function blocked(target: EventTarget | null): boolean {
  if (document.body.hasAttribute('data-scroll-locked')) return true;
  return (
    target instanceof Element && target.closest('[role="dialog"], [role="menu"], [data-no-pull]') !== null
  );
}

/**
 * Pull-to-refresh on touch screens (spec §4, §9): when the page is scrolled to the top, pulling down
 * moves the content by half the finger's travel (at most 120 px); releasing past 60 px calls onRefresh.
 * `enabled` false leaves touches alone (inside Telegram, where that gesture closes the mini app).
 */
export function usePullToRefresh(onRefresh: () => Promise<unknown>, enabled = true): PullState {
  const [state, setState] = useState<PullState>(IDLE);
  const refresh = useRef(onRefresh);
  refresh.current = onRefresh;

  useEffect(() => {
    if (!enabled) return;
    let startY: number | null = null;
    let distance = 0;
    let busy = false;

    const cancel = () => {
      startY = null;
      distance = 0;
      setState(IDLE);
    };
    const onStart = (event: TouchEvent) => {
      startY = null;
      if (busy || event.touches.length !== 1 || window.scrollY > 0 || blocked(event.target)) return;
      startY = event.touches[0]!.clientY;
      distance = 0;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      if (event.touches.length !== 1 || window.scrollY > 0) return cancel();
      const next = pullDistance(event.touches[0]!.clientY - startY);
      if (next === distance) return;
      distance = next;
      setState({ distance, refreshing: false, dragging: true });
    };
    const onEnd = () => {
      if (startY === null) return;
      startY = null;
      if (!shouldRefresh(distance)) return cancel();
      busy = true;
      distance = 0;
      setState({ distance: PULL_THRESHOLD, refreshing: true, dragging: false });
      const minimum = new Promise((resolve) => setTimeout(resolve, REFRESH_MIN_MS));
      Promise.allSettled([refresh.current(), minimum]).then(() => {
        busy = false;
        setState(IDLE);
      });
    };

    // Keep the browser's own pull-to-reload (Chrome on Android) from competing with ours.
    const root = document.documentElement;
    const previous = root.style.overscrollBehaviorY;
    root.style.overscrollBehaviorY = 'contain';
    const passive = { passive: true } as const;
    window.addEventListener('touchstart', onStart, passive);
    window.addEventListener('touchmove', onMove, passive);
    window.addEventListener('touchend', onEnd, passive);
    window.addEventListener('touchcancel', cancel, passive);
    return () => {
      root.style.overscrollBehaviorY = previous;
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', cancel);
    };
  }, [enabled]);

  return state;
}

/** The content's offset while pulling; no transform at rest, so fixed children behave as usual. */
export function pullContentStyle({ distance, dragging }: PullState): CSSProperties | undefined {
  if (distance === 0) return undefined;
  return {
    transform: `translateY(${distance}px)`,
    transition: dragging ? 'none' : 'transform 200ms ease',
  };
}

/** The round indicator that slides out from under the header. */
export function PullIndicator({ distance, refreshing, dragging }: PullState) {
  const { t } = useTranslation();
  const active = distance > 0 || refreshing;
  const ready = shouldRefresh(distance);
  const progress = pullProgress(distance);
  const label = refreshing ? t('refreshing') : ready ? t('releaseToRefresh') : t('pullToRefresh');
  return (
    <div
      className="pull-indicator"
      data-active={active || undefined}
      data-dragging={dragging || undefined}
      style={{
        transform: `translate(-50%, ${distance - 48}px)`,
        opacity: active ? Math.max(progress, 0.3) : 0,
      }}
      aria-hidden={!active}
    >
      <span className="pull-indicator-bubble" data-ready={ready || undefined}>
        {refreshing ? (
          <span className="spinner pull-spinner" />
        ) : (
          <ArrowDownIcon size={18} style={{ transform: `rotate(${ready ? 180 : progress * 150}deg)` }} />
        )}
      </span>
      <span className="visually-hidden" role="status">
        {active ? label : ''}
      </span>
    </div>
  );
}

/**
 * The gesture and its indicator, moving `content` (the layout's <main>) as it is pulled. The
 * layout loads this file after its first screen (nothing here is needed before a finger moves).
 */
export function PullToRefresh({
  content,
  onRefresh,
}: {
  content: RefObject<HTMLElement | null>;
  onRefresh: () => Promise<unknown>;
}) {
  const pull = usePullToRefresh(onRefresh);
  useLayoutEffect(() => {
    const element = content.current;
    if (!element) return;
    const style = pullContentStyle(pull);
    element.style.transform = style?.transform ?? '';
    element.style.transition = style?.transition ?? '';
  }, [content, pull]);
  return <PullIndicator {...pull} />;
}
