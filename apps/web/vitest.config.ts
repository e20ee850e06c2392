import { defineProject } from 'vitest/config';

// No React plugin here: Vitest's own Vite transforms TSX with the automatic JSX runtime.
export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
