import { defineConfig } from 'vitest/config';
import { SharedWorkerOrder } from './test-support/shared-worker-order';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web', 'apps/server/scale-out'],
    // The few slow server files start first (decision 0090); every other file in vitest's own order,
    // but a project's files of one environment together, so that a shared worker lasts (decision 0092).
    sequence: { sequencer: SharedWorkerOrder },
  },
});
