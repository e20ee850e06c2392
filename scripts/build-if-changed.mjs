// `npm start` rebuilds the web app and the server bundle only when what goes into them changed
// since their last build: a fingerprint of each one's inputs is kept beside its output
// (apps/web/dist/.inputs-hash, apps/server/dist/.inputs-hash).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_BUNDLE, buildServer } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_INPUTS = [
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
const SERVER_INPUTS = [
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'scripts/build-server.mjs',
  'package-lock.json',
];

function files(p) {
  if (!existsSync(p)) return [];
  if (!statSync(p).isDirectory()) return [p];
  return readdirSync(p)
    .sort()
    .flatMap((name) => files(path.join(p, name)));
}

function fingerprint(inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((p) => files(path.join(root, p)))) {
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Runs `make` unless `output` exists and was made from the same inputs; then records them. */
async function buildIfChanged(what, inputs, output, make) {
  const stamp = path.join(path.dirname(output), '.inputs-hash');
  const current = fingerprint(inputs);
  const built = existsSync(stamp) && existsSync(output) ? readFileSync(stamp, 'utf8') : '';
  if (built === current && !process.argv.includes('--force')) {
    console.log(`${what} is up to date (${path.relative(root, output)}), not rebuilding`);
    return;
  }
  await make();
  writeFileSync(stamp, current);
}

// `node scripts/build-if-changed.mjs server` checks the server bundle only (the scale-out suite needs no web app).
const only = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (only !== 'server')
  await buildIfChanged('web app', WEB_INPUTS, path.join(root, 'apps/web/dist/index.html'), () => {
    const res = spawnSync('npm', ['run', 'build', '-w', '@zevar/web'], { cwd: root, stdio: 'inherit' });
    if (res.status !== 0) process.exit(res.status ?? 1);
  });
await buildIfChanged('server', SERVER_INPUTS, SERVER_BUNDLE, buildServer);
