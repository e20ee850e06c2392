import { defineConfig } from 'vitest/config';
import { SlowFilesFirst } from './apps/server/test/slow-files-first';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web', 'apps/server/scale-out'],
    // The few slow server files start first (decision 0090); every other file in vitest's own order.
    sequence: { sequencer: SlowFilesFirst },
  },
});
