import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain',
    include: ['src/**/*.test.ts'],
    // One module graph for all the files of a worker instead of one per file (decision 0072): the
    // package is pure functions and constant tables (no module state a test changes, no `vi` mocks or
    // stubs, no environment), so sharing costs nothing; each file loading zod and the package again
    // cost about 60 % of the project's CPU (31.7 CPU s isolated, 13.3 shared, the same 310 tests).
    isolate: false,
    // Generous for a loaded 2-core machine (npm test runs this beside the API suite and the journeys):
    // the property tests run thousands of cases; a hang still fails.
    testTimeout: 30_000,
  },
});
