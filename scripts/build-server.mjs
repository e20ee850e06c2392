// Bundles the server (apps/server/src and @zevar/domain, TypeScript) into one ES module,
// apps/server/dist/server.mjs, that plain `node` runs: `npm start` then neither compiles TypeScript nor
// resolves hundreds of source files through a loader at every start (issue 12: restart within 5 s).
// Dependencies stay in node_modules (external); paths the server derives from its own location
// (migrations, the web app's dist) work from src/ and dist/ alike.
// Usage: node scripts/build-server.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
export const SERVER_BUNDLE = path.join(serverDir, 'dist/server.mjs');

export async function buildServer() {
  const { dependencies } = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  // Everything from node_modules stays external except our own TypeScript package.
  const external = Object.keys(dependencies)
    .filter((name) => name !== '@zevar/domain')
    .flatMap((name) => [name, `${name}/*`]);
  await build({
    // The server, the thread that renders invoice PDFs and the one that owns the embedded database
    // (invoice-pdf-thread.ts and pglite-thread.ts look for theirs beside the server's bundle).
    entryPoints: {
      server: path.join(serverDir, 'src/server.ts'),
      'invoice-pdf-worker': path.join(serverDir, 'src/modules/invoices/invoice-pdf.worker.ts'),
      'pglite-worker': path.join(serverDir, 'src/db/pglite.worker.ts'),
    },
    outdir: path.dirname(SERVER_BUNDLE),
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: 'linked',
    // Stack traces need only the mappings; the sources themselves would sit in every process's memory
    // (`--enable-source-maps` keeps each loaded map).
    sourcesContent: false,
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
