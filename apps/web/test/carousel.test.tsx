import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../src/i18n';
import { Carousel } from '../src/ui/Carousel';
import { MAX_SLIDES, SWIPE_THRESHOLD_PX, stepSlide, swipeStep } from '../src/ui/carousel';

afterEach(cleanup);

describe('swipeStep (spec §9: a swipe counts from 40 px)', () => {
  it('turns at 40 px and not before, left to the next slide, right to the previous', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(40);
    expect(swipeStep(-39)).toBe(0);
    expect(swipeStep(39)).toBe(0);
    expect(swipeStep(-40)).toBe(1);
    expect(swipeStep(40)).toBe(-1);
    expect(swipeStep(-120, 10)).toBe(1);
  });

  it('ignores a mostly vertical move (a scroll) and nonsense', () => {
    expect(swipeStep(-60, 80)).toBe(0);
    expect(swipeStep(Number.NaN)).toBe(0);
  });

  it('never steps past the first or the last slide', () => {
    expect(stepSlide(0, -1, 3)).toBe(0);
    expect(stepSlide(2, 1, 3)).toBe(2);
    expect(stepSlide(1, 1, 3)).toBe(2);
    expect(stepSlide(0, 1, 0)).toBe(0);
  });
});

const touch = (x: number, y = 100) => ({ clientX: x, clientY: y });
function swipe(element: Element, from: number, to: number) {
  fireEvent.touchStart(element, { touches: [touch(from)] });
  fireEvent.touchEnd(element, { changedTouches: [touch(to)] });
}
const current = () => screen.getByRole('group').getAttribute('aria-label');

describe('Carousel', () => {
  it('shows a single slide as a labelled carousel without controls', () => {
    render(<Carousel label="Про бота" slides={[<p key="a">Один</p>]} />);
    const region = screen.getByRole('region', { name: 'Про бота' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(current()).toBe('Слайд 1 из 1');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('turns on a swipe of 40 px or more, not on a shorter one; buttons and arrow keys turn it too', () => {
    render(<Carousel label="Слайды" slides={['A', 'B', 'C'].map((s) => <p key={s}>{s}</p>)} />);
    const region = screen.getByRole('region', { name: 'Слайды' });
    swipe(region, 200, 170);
    expect(current()).toBe('Слайд 1 из 3');
    swipe(region, 200, 160);
    expect(current()).toBe('Слайд 2 из 3');
    expect(screen.getByText('B')).toBeTruthy();
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(current()).toBe('Слайд 3 из 3');
    expect((screen.getByRole('button', { name: 'Следующий слайд' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Предыдущий слайд' }));
    swipe(region, 100, 150);
    expect(current()).toBe('Слайд 1 из 3');
  });

  it('shows at most five slides', () => {
    const slides = [1, 2, 3, 4, 5, 6, 7].map((n) => <p key={n}>{`S${n}`}</p>);
    render(<Carousel label="Много" slides={slides} />);
    expect(MAX_SLIDES).toBe(5);
    expect(current()).toBe('Слайд 1 из 5');
  });
});
