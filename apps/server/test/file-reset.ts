/**
 * Server project setup (decision 0026): the files of one worker share a process (`isolate: false`),
 * so whatever a file changed in it through vi is put back when the file ends: fake timers, stubbed
 * environment variables and globals, spies. Each file still gets its own database from
 * createTestApp(); a file that changes process state by hand must put it back itself.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
