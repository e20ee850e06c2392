import { useEffect, useState } from 'react';

/**
 * True once the window has scrolled more than `threshold` pixels, false again only below
 * `threshold - hysteresis`: a page resting near the threshold (or one whose height moves with the
 * header) cannot flip the state back and forth.
 */
export function useScrolled(threshold: number, hysteresis = 24): boolean {
  const [scrolled, setScrolled] = useState(() => typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    const onScroll = () =>
      setScrolled((was) => (was ? window.scrollY > threshold - hysteresis : window.scrollY > threshold));
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold, hysteresis]);
  return scrolled;
}
