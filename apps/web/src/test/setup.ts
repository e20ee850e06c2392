import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { preloadMessageDialog } from '../components/dialog/DialogProvider';
import { acknowledgeSessionEnd } from '../lib/storage';

// findBy… and waitFor wait up to 5 s: on a loaded machine React can take longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; ScrollRestoration and the header call it.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// The message dialog's code is split off the first load (DialogProvider); here it is loaded before
// every file, so a dialog shows in the same render that asks for it, as in a browser once it is idle.
await preloadMessageDialog();

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  acknowledgeSessionEnd();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
