import { defineProject } from 'vitest/config';

// No React plugin here: Vitest's own Vite transforms TSX with the automatic JSX runtime.
export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../../test-support/console-guard.ts', './src/test/setup.ts'],
    // Generous for a loaded 2-core machine (npm test runs this beside the API suite); a hang still fails.
    testTimeout: 30_000,
  },
});
