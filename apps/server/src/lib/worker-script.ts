import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A worker thread's script (the invoice PDF thread, decision 0101; the PGlite thread, decision 0103):
 * the bundle's file (`dist/<name>.mjs`, beside the server's), or run from the sources (tsx, vitest) the
 * worker's TypeScript built once per process and source into one plain module with esbuild (already
 * the bundle's builder). Not tsx's loader inside every thread: a test file opens databases (a thread
 * each), and a loader registered in each of them cost every thread its start-up compile, and once took
 * a whole test process down as threads came and went.
 */
export function workerScript(bundled: URL, source: URL, what: string): Promise<string> {
  const bundledPath = fileURLToPath(bundled);
  if (existsSync(bundledPath)) return Promise.resolve(bundledPath);
  const sourcePath = fileURLToPath(source);
  if (!existsSync(sourcePath))
    return Promise.reject(
      new Error(`${what} worker is missing (${bundledPath}): build the server with scripts/build-server.mjs`),
    );
  let built = builtFromSources.get(sourcePath);
  if (!built) {
    built = buildFromSources(sourcePath, path.basename(bundledPath, '.mjs'));
    builtFromSources.set(sourcePath, built);
  }
  return built;
}

const builtFromSources = new Map<string, Promise<string>>();

/**
 * The options a thread is started with besides its own: the process's flags without `--input-type`
 * (a parent given its script as text), which a thread running a file refuses to start with.
 */
export function threadExecArgv(): string[] {
  const args = process.execArgv;
  return args.filter((a, i) => !a.startsWith('--input-type') && args[i - 1] !== '--input-type');
}

async function buildFromSources(source: string, name: string): Promise<string> {
  const { build } = await import('esbuild');
  // As scripts/build-server.mjs: dependencies stay in node_modules, our own TypeScript package is bundled.
  const serverPackage = fileURLToPath(new URL('../../package.json', import.meta.url));
  const { dependencies } = JSON.parse(await readFile(serverPackage, 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const { outputFiles } = await build({
    entryPoints: [source],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(dependencies)
      .filter((name) => name !== '@zevar/domain')
      .flatMap((name) => [name, `${name}/*`]),
    write: false,
    logLevel: 'warning',
  });
  const code = outputFiles[0]!.contents;
  // Beside the repository's node_modules, so the module's imports resolve as the sources' do; named by
  // its content, so processes building the same sources share one file and never see half of one.
  const dir = fileURLToPath(new URL('../../../../node_modules/.cache/zevar', import.meta.url));
  const file = path.join(dir, `${name}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  if (!existsSync(file)) {
    await mkdir(dir, { recursive: true });
    const partial = `${file}.${process.pid}.${randomUUID()}`;
    await writeFile(partial, code);
    await rename(partial, file);
  }
  return file;
}
