import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { preloadMessageDialog } from '../components/dialog/DialogProvider';
import { acknowledgeSessionEnd } from '../lib/storage';

// findBy… and waitFor wait up to 15 s: on a loaded machine (CI runs this lane beside the API suite and
// the journeys) React can take far longer than the default 1 s. A passing wait ends as soon as it holds,
// so this costs nothing when the test passes; no test may shorten it.
configure({ asyncUtilTimeout: 15_000 });

// jsdom does not implement scrolling; ScrollRestoration and the header call it.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// happy-dom has no `HTMLSelectElement.size` (browsers and jsdom reflect the `size` attribute, 0 when
// absent). react-hook-form reads it when a select registers: without it every select looked changed
// by the user before the form was ready, so the form kept the first option instead of its default.
if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      const size = Number.parseInt(this.getAttribute('size') ?? '', 10);
      return Number.isNaN(size) || size < 0 ? 0 : size;
    },
    set(this: HTMLSelectElement, size: number) {
      this.setAttribute('size', String(size));
    },
  });
}

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
