// `npm run typecheck`: every TypeScript project checked with `tsc --noEmit --incremental`, each one's
// build info kept in node_modules/.cache/tsc/, so a second run re-checks only what changed since
// (a clean clone has no cache and checks everything, as before). The projects run one after
// another: they share most of their files' types, and the machine has 2 cores.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cache = path.join(root, 'node_modules/.cache/tsc');
mkdirSync(cache, { recursive: true });
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

for (const project of ['packages/domain', 'apps/server', 'apps/web', 'e2e', 'test-support']) {
  const buildInfo = path.join(cache, `${project.replace(/\//g, '-')}.tsbuildinfo`);
  const args = [tsc, '-p', project, '--noEmit', '--incremental', '--tsBuildInfoFile', buildInfo];
  const res = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error(`typecheck failed in ${project}`);
    process.exit(res.status ?? 1);
  }
}
