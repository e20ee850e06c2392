import { useEffect } from 'react';
import { INFINITE_SCROLL_THRESHOLD_PX } from '@zevar/domain';

/** Calls `loadMore` when the page bottom is within 500 px, on scroll and after each load. */
export function useInfiniteScroll(opts: {
  enabled: boolean;
  loadMore: () => void;
  dependency: unknown;
}): void {
  const { enabled, loadMore, dependency } = opts;
  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      const bottom = window.innerHeight + window.scrollY;
      if (bottom >= document.documentElement.scrollHeight - INFINITE_SCROLL_THRESHOLD_PX) loadMore();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled, loadMore, dependency]);
}
