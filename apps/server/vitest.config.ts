import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['../../test-support/console-guard.ts', 'test/file-reset.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One module graph per worker, not per file (decision 0026): the app's few hundred modules are
    // loaded once per worker instead of once per file (3-6 s each). What a file must not share, it
    // does not: every createTestApp() still gets its own database, a copy of the migrated template,
    // and the server code keeps no module-level state but caches keyed by the database (WeakMap).
    isolate: false,
  },
});
