import { defineProject } from 'vitest/config';

/** Three real server processes on one PostgreSQL, Redis, S3 and SMTP: run by scripts/test-scale-out.sh. */
export default defineProject({
  test: {
    name: 'scale-out',
    include: ['*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    pool: 'forks',
  },
});
