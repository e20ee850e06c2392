// `npm start` rebuilds the web app only when what goes into it changed since the last build:
// a fingerprint of its inputs is kept beside the output (apps/web/dist/.inputs-hash).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'package-lock.json',
];
const dist = path.join(root, 'apps/web/dist');
const stamp = path.join(dist, '.inputs-hash');

function files(p) {
  if (!existsSync(p)) return [];
  if (!statSync(p).isDirectory()) return [p];
  return readdirSync(p)
    .sort()
    .flatMap((name) => files(path.join(p, name)));
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((p) => files(path.join(root, p)))) {
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const current = fingerprint();
const built =
  existsSync(stamp) && existsSync(path.join(dist, 'index.html')) ? readFileSync(stamp, 'utf8') : '';
if (built === current && !process.argv.includes('--force')) {
  console.log('web app is up to date (apps/web/dist), not rebuilding');
} else {
  const res = spawnSync('npm', ['run', 'build', '-w', '@zevar/web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
  writeFileSync(stamp, current);
}
