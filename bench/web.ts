/**
 * `npm run bench:web`: Lighthouse (mobile preset, Debian's Chromium) on the home, category and
 * product pages, three runs each, printing the median score and metrics.
 *
 *   npm run bench:web -- [--url http://localhost:3000] [--vendor zevar] [--runs 3] [--port 3394]
 *
 * Without --url it starts the server itself on a fresh PGlite with the demo data (the web app must
 * be built: npm run build).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { waitForHealth } from '../apps/server/test/wait-until';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('--runs') ?? 3);
const vendor = arg('--vendor') ?? 'zevar';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function pages(baseUrl: string): Promise<Array<{ name: string; url: string }>> {
  const q = `vendorSlug=${vendor}`;
  const plan = await (await fetch(`${baseUrl}/api/user/vendor-plan/${vendor}`)).text();
  const cats = (await (await fetch(`${baseUrl}/api/category/plan/${plan}`)).json()) as Array<{
    name: string;
    parentCategory: unknown;
  }>;
  const category = cats.find((c) => c.parentCategory === null) ?? cats[0];
  const trending = (await (await fetch(`${baseUrl}/api/products/trending?${q}&size=8`)).json()) as {
    content: Array<{ slug: string }>;
  };
  const product = trending.content[0];
  if (!category || !product) throw new Error('no category or product to measure: seed the demo data');
  return [
    { name: 'home', url: `${baseUrl}/${vendor}` },
    {
      name: 'category',
      url: `${baseUrl}/${vendor}/category/${encodeURIComponent(category.name.toLowerCase())}`,
    },
    { name: 'product', url: `${baseUrl}/${vendor}/product/${product.slug}` },
  ];
}

type Run = { score: number; lcp: number; cls: number; tbt: number; fcp: number; si: number };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
  // A run that failed (no paint, a timeout) scores 0: say why instead of printing a silent 0.
  if (lhr.runtimeError) console.error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const n = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: n('largest-contentful-paint'),
    cls: n('cumulative-layout-shift'),
    tbt: n('total-blocking-time'),
    fcp: n('first-contentful-paint'),
    si: n('speed-index'),
  };
}

async function main() {
  let server: ChildProcess | undefined;
  let baseUrl = arg('--url');
  if (!baseUrl) {
    const port = Number(arg('--port') ?? 3394);
    const { DATABASE_URL: _db, ...env } = process.env;
    server = spawn(process.execPath, ['--import', 'tsx', path.resolve('apps/server/src/server.ts')], {
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zevar-bench-web-')),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    baseUrl = `http://127.0.0.1:${port}`;
    await waitForHealth(`${baseUrl}/api/health`, 300_000);
  }
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const rows: string[] = [];
    for (const page of await pages(baseUrl)) {
      const results: Run[] = [];
      // One unmeasured load first, so the server's caches (answers, image variants) are warm as in production.
      await measure(page.url, chrome.port);
      for (let i = 0; i < runs; i++) results.push(await measure(page.url, chrome.port));
      const m = (k: keyof Run) => median(results.map((r) => r[k]));
      rows.push(
        `| ${page.name} | ${m('score')} | ${(m('fcp') / 1000).toFixed(2)} s | ${(m('lcp') / 1000).toFixed(2)} s | ${m('cls').toFixed(3)} | ${Math.round(m('tbt'))} ms | ${(m('si') / 1000).toFixed(2)} s | ${results.map((r) => r.score).join(', ')} |`,
      );
      console.log(`${page.name}: scores ${results.map((r) => r.score).join(', ')}`);
    }
    console.log(`\n${new Date().toISOString()}  Lighthouse mobile preset, ${runs} runs per page, medians\n`);
    console.log('| page | performance | FCP | LCP | CLS | TBT | Speed Index | all scores |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const r of rows) console.log(r);
  } finally {
    chrome.kill();
    server?.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
