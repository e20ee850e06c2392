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
    setupFiles: ['../../test-support/console-guard.ts', './src/test/file-reset.ts', './src/test/setup.ts'],
    // One module graph and one DOM for all the files of a worker, as the domain and server projects
    // do (decision 0092): a file no longer loads React, Testing Library and our modules again in a
    // context of its own (decision 0026's vmThreads), half the unit lane's CPU. Every
    // file starts from a fresh page and empty caches all the same (src/test/file-reset.ts); no test
    // mocks a module (ESLint), since a mock would miss a module an earlier file loaded. The files of
    // each environment run one after another in one worker (test-support/shared-worker-order.ts).
    pool: 'threads',
    isolate: false,
    // Generous for a loaded 2-core machine (npm test runs this beside the API suite); a hang still fails.
    testTimeout: 30_000,
  },
});
