import { type KeyboardEvent, type ReactNode, type TouchEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_SLIDES, stepSlide, swipeStep } from './carousel';

interface CarouselProps {
  /** What the carousel is about, for screen readers. */
  label: string;
  /** One to five slides; more are not shown (spec §9). */
  slides: readonly ReactNode[];
}

/**
 * Slides shown one at a time (spec §9: at most 5, swipe threshold 40 px). With more than one:
 * swipes, the arrow keys, previous and next buttons, and a dot per slide. A single slide is just
 * shown, labelled as the carousel it is.
 */
export function Carousel({ label, slides }: CarouselProps) {
  const { t } = useTranslation();
  const id = useId();
  const shown = slides.slice(0, MAX_SLIDES);
  const [index, setIndex] = useState(0);
  const start = useRef<{ x: number; y: number } | null>(null);
  const count = shown.length;
  const current = Math.min(index, count - 1);
  const go = (step: number) => setIndex((i) => stepSlide(i, step, count));

  function onTouchStart(event: TouchEvent) {
    const touch = event.touches[0];
    start.current = touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
  }
  function onTouchEnd(event: TouchEvent) {
    const from = start.current;
    const touch = event.changedTouches[0];
    start.current = null;
    if (from && touch) go(swipeStep(touch.clientX - from.x, touch.clientY - from.y));
  }
  function onKeyDown(event: KeyboardEvent) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step || count < 2) return;
    event.preventDefault();
    go(step);
  }

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      onKeyDown={onKeyDown}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a form fieldset */}
      <div
        id={`${id}-slide`}
        className="carousel-slide"
        role="group"
        aria-roledescription="slide"
        aria-label={t('slideOf', { current: current + 1, total: count })}
        aria-live={count > 1 ? 'polite' : undefined}
      >
        {shown[current]}
      </div>
      {count > 1 ? (
        <div className="carousel-controls">
          <button
            type="button"
            className="icon-btn"
            aria-label={t('previousSlide')}
            aria-controls={`${id}-slide`}
            disabled={current === 0}
            onClick={() => go(-1)}
          >
            ←
          </button>
          <span className="carousel-dots" aria-hidden="true">
            {shown.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, not items
              <span key={i} className="carousel-dot" data-current={i === current || undefined} />
            ))}
          </span>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('nextSlide')}
            aria-controls={`${id}-slide`}
            disabled={current === count - 1}
            onClick={() => go(1)}
          >
            →
          </button>
        </div>
      ) : null}
    </section>
  );
}
