import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CarouselItem } from '@zevar/domain';
import { HeroCarousel } from './HeroCarousel';

const slide = (id: number, over: Partial<CarouselItem> = {}): CarouselItem => ({
  id,
  imageUrl: `slide-${id}.webp`,
  linkType: 'CATEGORY',
  targetId: id,
  vendorPlan: 'FREE',
  targetSlug: `cat ${id}`,
  targetName: `Category ${id}`,
  ...over,
});

const items = [
  slide(1, { targetName: 'Gold Necklaces' }),
  slide(2, { linkType: 'PRODUCT', targetSlug: 'lotus-studs', targetName: 'Lotus Bloom Studs' }),
  slide(3),
];

function setup() {
  render(
    <MemoryRouter>
      <HeroCarousel items={items} shop="zevar" />
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Featured' });
}
const shown = () => screen.getByRole('group').getAttribute('aria-label');
const wait = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('hero carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('advances every 5000 ms and describes each slide by what it shows', () => {
    setup();
    expect(shown()).toBe('1 of 3');
    expect(screen.getByRole('img', { name: 'Gold Necklaces collection' })).toBeInTheDocument();
    wait(5000);
    expect(shown()).toBe('2 of 3');
    expect(screen.getByRole('img', { name: 'Lotus Bloom Studs' })).toBeInTheDocument();
  });

  it('stops while the pointer is over it and while focus is inside it', () => {
    const region = setup();
    fireEvent.mouseEnter(region);
    wait(15_000);
    expect(shown()).toBe('1 of 3');
    fireEvent.mouseLeave(region);
    wait(5000);
    expect(shown()).toBe('2 of 3');

    act(() => screen.getByRole('button', { name: 'Go to slide 3' }).focus());
    wait(15_000);
    expect(shown()).toBe('2 of 3');
    act(() => screen.getByRole('button', { name: 'Go to slide 3' }).blur());
    wait(5000);
    expect(shown()).toBe('3 of 3');
  });

  it('has a pause control that stops the slides until played again', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    wait(20_000);
    expect(shown()).toBe('1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    act(() => (document.activeElement as HTMLElement | null)?.blur());
    wait(5000);
    expect(shown()).toBe('2 of 3');
  });
});
