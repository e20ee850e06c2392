import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { acknowledgeSessionEnd } from '../lib/storage';

// findBy… and waitFor wait up to 5 s: on a loaded machine React can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; ScrollRestoration and the header call it.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  acknowledgeSessionEnd();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
