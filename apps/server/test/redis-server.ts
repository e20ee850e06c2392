import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/** Whether Debian's redis-server is installed (.ci/run installs it; elsewhere Redis tests are skipped). */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedisServer && process.env.CI === 'true') {
  throw new Error('redis-server is required for the Redis tests in CI');
}

/** A throwaway redis-server on a free port, without persistence. */
export async function startRedisServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'zevar-redis-'));
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
