import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server files that take far longer than the others (40 s to 5 minutes each on a loaded machine,
 * the first three 2-9x any other file): started first, so that with two workers (the API suite on PostgreSQL in
 * `npm test`, decision 0090) no worker begins one of them when the other has nearly run out of files.
 * Without a results cache (a clean clone, as on CI) vitest starts the largest files first, and these
 * are small files. Paths from the repository root; a path that no longer exists is simply not matched.
 * The upgrade and start-up files run in the PGlite lane of `npm test` (pglite-only.txt, decision 0105),
 * where they are the slowest too.
 */
const SLOW_SERVER_FILES = [
  'apps/server/src/plugins/input-fuzz.test.ts',
  'apps/server/src/db/pglite-upgrade.test.ts',
  'apps/server/src/prepare-database.test.ts',
  'apps/server/src/modules/checkout/stock-holds.test.ts',
];

/** Vitest's own order (failed, then longest, from its cache; else the largest), the slow files first. */
export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = SLOW_SERVER_FILES.findIndex((slow) => spec.moduleId.endsWith(`/${slow}`));
      return i === -1 ? SLOW_SERVER_FILES.length : i;
    };
    // Array.prototype.sort is stable: the other files keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
