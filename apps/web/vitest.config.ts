import { defineProject } from 'vitest/config';

// No React plugin here: Vitest's own Vite transforms TSX with the automatic JSX runtime.
export default defineProject({
  test: {
    name: 'web',
    // jsdom unless a file asks for happy-dom in its first line (`// @vitest-environment happy-dom`):
    // happy-dom costs about a third less CPU for the same tests (decision 0064). A file that passes in
    // both may opt in; one that needs what only jsdom does (image errors, the scroll position, the
    // shell's time zone) stays on jsdom, which is also what a new file gets. What happy-dom lacks that
    // our code reads is filled in src/test/setup.ts (a select's `size`, decision 0077).
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../../test-support/console-guard.ts', './src/test/setup.ts'],
    // Each file still runs in its own context with its own jsdom window and its own copy of our
    // modules (isolated as before), but in a worker thread that loads jsdom and the libraries once
    // instead of once per file (about 5 s of set-up a file on this machine): decision 0026.
    pool: 'vmThreads',
    // Generous for a loaded 2-core machine (npm test runs this beside the API suite); a hang still fails.
    testTimeout: 30_000,
  },
});
