// The shopper's initial JavaScript budget (issue 12): on the home, category and product pages the
// JavaScript a browser fetches to show and run the page (the small entry script, the app it imports
// once the server-rendered first screen is painted (decision 0021), the chunks index.html
// modulepreloads, the page's route chunk and every chunk these import statically) stays within
// 120 KB (120,000 bytes) of brotli. Chunks loaded later (admin, checkout, forms, the storefront's
// response schemas once a read goes to the network) do not count.
//
// Reads the built web app (apps/web/dist: index.html, .vite/manifest.json and the .br copies made at
// build), prints each page's files and sizes, and exits 1 when a page is over the budget or, going by
// the source maps, carries zod (a module the first load imports must not import zod: Rollup puts a
// module in one chunk with every schema any chunk uses from it, and zod with them).
// Usage: node scripts/check-shopper-js-budget.mjs [--dist apps/web/dist] [--budget 120000]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const dist = path.resolve(root, arg('--dist') ?? 'apps/web/dist');
const budget = Number(arg('--budget') ?? 120_000);

/** The three shopper pages and the source file of each one's route chunk (apps/web/src/app/pages.ts). */
const PAGES = [
  { name: 'home', route: 'src/features/storefront/VendorHomePage.tsx' },
  { name: 'category', route: 'src/features/storefront/CategoryPage.tsx' },
  { name: 'product', route: 'src/features/storefront/ProductPage.tsx' },
];

const manifestPath = path.join(dist, '.vite/manifest.json');
const indexPath = path.join(dist, 'index.html');
if (!existsSync(manifestPath) || !existsSync(indexPath)) {
  console.error(`No built web app with a manifest in ${dist}: run npm run build -w @zevar/web first.`);
  process.exit(2);
}
/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const html = readFileSync(indexPath, 'utf8');

/** Brotli size of a built file: its .br copy made at build, or compressed here at the same quality. */
function brotliSize(file) {
  const full = path.join(dist, file);
  if (existsSync(`${full}.br`)) return readFileSync(`${full}.br`).length;
  return zlib.brotliCompressSync(readFileSync(full), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
  }).length;
}

/** A manifest entry and every chunk it imports statically (what loads with it), as built files. */
function withStaticImports(key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in ${manifestPath}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) withStaticImports(dep, into);
  return into;
}

// What index.html loads before any route code: its module scripts and modulepreload links.
const fromHtml = [
  ...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g),
].map((m) => m[1]);
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey || fromHtml.length === 0) {
  console.error('Could not find the entry script in index.html and the manifest.');
  process.exit(2);
}
const shell = withStaticImports(entryKey, new Set(fromHtml));
// The app itself: the entry (src/boot.ts) imports it as soon as the first screen is painted.
for (const app of manifest[entryKey].dynamicImports ?? []) withStaticImports(app, shell);

/** Sources of a built file that come from zod, going by its (hidden) source map. */
function zodSources(file) {
  const map = path.join(dist, `${file}.map`);
  if (!existsSync(map)) return [];
  const { sources = [] } = JSON.parse(readFileSync(map, 'utf8'));
  return sources.filter((s) => /node_modules\/zod\//.test(s));
}

let over = false;
for (const page of PAGES) {
  const files = withStaticImports(page.route, new Set(shell));
  const rows = [...files].map((file) => ({ file, size: brotliSize(file) })).sort((a, b) => b.size - a.size);
  const total = rows.reduce((sum, r) => sum + r.size, 0);
  const ok = total <= budget;
  over ||= !ok;
  console.log(
    `${page.name}: ${(total / 1000).toFixed(1)} KB brotli in ${rows.length} files (budget ${budget / 1000} KB, ${budget - total} bytes left) ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
  for (const r of rows) console.log(`  ${(r.size / 1000).toFixed(1).padStart(6)} KB  ${r.file}`);
  const withZod = rows.filter((r) => zodSources(r.file).length > 0).map((r) => r.file);
  if (withZod.length > 0) {
    over = true;
    console.log(`  zod is part of this first load, in ${withZod.join(', ')}`);
  }
}
if (over) {
  console.error(
    '\nThe initial JavaScript of a shopper page is over budget or carries zod: keep zod, forms and back-office code in lazily loaded chunks.',
  );
  process.exit(1);
}
