/**
 * The slowest public requests a stranger can construct (issue 21 item 4, decision 0095), each one a
 * cache miss, and what each costs: wall time and the CPU time of the server process and of the
 * database's processes (PostgreSQL: the postmaster's children, read from /proc), so a figure on a
 * shared machine says what the request spends rather than how long it waited for a core.
 *
 *   npx tsx bench/slowest.ts --url http://127.0.0.1:3562 --vendor bench-vendor-3 --server-pid 1234
 *     [--pg-url postgres://...] [--requests 40] [--connections 1] [--rotation]
 *
 * Without a kind filter (`--kind substring`) every kind is measured in turn, one connection, and a
 * table printed; with `--rotation`, the kinds in turn at one connection and at 8 (`npm run bench`'s
 * row, `slowestTarget`).
 */
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { BROWSER_HEADERS, type Target } from './load';

/** A kind of request: the n-th URL of it (each one new, so every request misses the answer cache). */
type SlowKind = { name: string; url: (n: number) => string };

/** `word` in the n-th spelling of its letter case (searches are case-insensitive). */
function spelled(word: string, n: number): string {
  let bit = 0;
  return [...word]
    .map((c) => (/[a-z]/i.test(c) ? ((n >> bit++) & 1 ? c.toUpperCase() : c.toLowerCase()) : c))
    .join('');
}
const enc = encodeURIComponent;

/**
 * The kinds measured, for a shop `vendor` whose catalogue is the generated one (PostgreSQL: every
 * tagline 'Handcrafted jewellery', names 'Bench <Word> <Kind> <n>') or the demo's (PGlite). Sizes
 * and spellings vary with n (a miss each time); pages are the deepest the window allows.
 */
function slowKinds(vendor: string, category: number, leaf: number, tagline: string): SlowKind[] {
  const q = `vendorSlug=${enc(vendor)}`;
  const [first, ...rest] = tagline.split(' ');
  const swapped = [...rest, first].join(' ');
  const size = (n: number, max: number) => 10 + (n % (max - 9));
  const deepest = (n: number, max: number) => Math.ceil(1000 / size(n, max)) - 1;
  return [
    {
      name: `/products/paged?search= swapped tagline '${swapped}'`,
      url: (n) => `/api/products/paged?search=${enc(spelled(swapped, n))}&size=${size(n, 100)}`,
    },
    {
      name: `/products/search?keyword= swapped tagline '${swapped}'`,
      url: (n) => `/api/products/search?keyword=${enc(spelled(swapped, n))}&size=${size(n, 100)}`,
    },
    {
      name: `/products/paged?search= tagline + short word '${tagline.split(' ')[1]} h'`,
      url: (n) => `/api/products/paged?search=${enc(spelled(`${rest.join(' ')} h`, n))}&size=${size(n, 100)}`,
    },
    {
      name: `/products/paged?search= swapped tagline, 100 characters`,
      url: (n) => {
        let text = swapped;
        while (text.length + swapped.length + 1 <= 100) text += ` ${swapped}`;
        return `/api/products/paged?search=${enc(spelled(text, n))}&size=${size(n, 100)}`;
      },
    },
    {
      name: `/products/paged?search=bench, deepest page`,
      url: (n) =>
        `/api/products/paged?search=${spelled('bench', n)}&size=${size(n, 100)}&page=${deepest(n, 100)}`,
    },
    {
      name: `/products/paged?search=lotus (1 in 12), deepest page`,
      url: (n) =>
        `/api/products/paged?search=${spelled('lotus', n)}&size=${size(n, 100)}&page=${deepest(n, 100)}`,
    },
    {
      name: `/products/paged?search=lotus royal (words never together)`,
      url: (n) => `/api/products/paged?search=${enc(spelled('lotus royal', n))}&size=${size(n, 100)}`,
    },
    {
      name: `/products/search/:keyword swapped name words 'lotus bench'`,
      url: (n) => `/api/products/search/${enc(spelled('lotus bench', n))}?${q}&size=${size(n, 100)}`,
    },
    {
      name: `/products/search/:keyword 'bench', deepest page`,
      url: (n) =>
        `/api/products/search/${spelled('bench', n)}?${q}&size=${size(n, 100)}&page=${deepest(n, 100)}`,
    },
    {
      name: `category search swapped 'lotus bench', price sort`,
      url: (n) =>
        `/api/products/category/${category}?${q}&size=${size(n, 60)}&search=${enc(spelled('lotus bench', n))}&sort=${n % 2 ? 'price-asc' : 'price-desc'}`,
    },
    {
      name: `category page, deepest, price sort`,
      url: (n) =>
        `/api/products/category/${category}?${q}&size=${size(n, 60)}&page=${Math.ceil(900 / size(n, 60)) - 1}&sort=${n % 2 ? 'price-asc' : 'price-desc'}`,
    },
    {
      name: `/products/paged?categoryId (a sub-category)&search=bench, deepest`,
      url: (n) =>
        `/api/products/paged?categoryId=${leaf}&search=${spelled('bench', n)}&size=${size(n, 100)}&page=${Math.ceil(900 / size(n, 100)) - 1}`,
    },
    {
      name: `/products/paged?categoryId&search=bench, deepest`,
      url: (n) =>
        `/api/products/paged?categoryId=${category}&search=${spelled('bench', n)}&size=${size(n, 100)}&page=${Math.ceil(900 / size(n, 100)) - 1}`,
    },
  ];
}

/** utime + stime of a process in ms (Linux /proc), 0 when it is gone. */
function cpuMs(pid: number, withReapedChildren = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const ticks = fields[11]! + fields[12]! + (withReapedChildren ? fields[13]! + fields[14]! : 0);
    return (ticks * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * The CPU time (ms) of a PostgreSQL server's processes so far: the postmaster's own, its live
 * children's (the backends) and its reaped children's (parallel workers come and go per query).
 */
export async function postgresCpu(pgUrl: string): Promise<() => number> {
  const client = new pg.Client(pgUrl);
  await client.connect();
  const { rows } = await client.query<{ setting: string }>(
    `select current_setting('data_directory') as setting`,
  );
  await client.end();
  const postmaster = Number(readFileSync(`${rows[0]!.setting}/postmaster.pid`, 'utf8').split('\n')[0]);
  return () => {
    let total = cpuMs(postmaster, true);
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster)
          total += cpuMs(Number(d));
      } catch {
        // gone
      }
    }
    return total;
  };
}

export type SlowFigure = {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  serverCpuMs: number;
  dbCpuMs: number | null;
  statuses: Record<string, number>;
  load: string;
};

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

/**
 * `requests` requests of the URLs `url(n)` (n counted from `start`), `connections` at a time, each
 * timed; CPU per request of the server (`serverPid`) and of the database's processes (`dbCpu`).
 */
export async function measureSlow(
  baseUrl: string,
  url: (n: number) => string,
  opts: { requests: number; connections: number; start: number; serverPid?: number; dbCpu?: () => number },
): Promise<SlowFigure> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  const dbBefore = opts.dbCpu?.() ?? 0;
  const serverBefore = opts.serverPid ? cpuMs(opts.serverPid) : 0;
  let next = 0;
  const worker = async () => {
    while (next < opts.requests) {
      const n = opts.start + next++;
      const t0 = performance.now();
      const res = await fetch(baseUrl + url(n), { headers: BROWSER_HEADERS });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, worker));
  const serverCpu = opts.serverPid ? cpuMs(opts.serverPid) - serverBefore : 0;
  const dbCpu = opts.dbCpu ? opts.dbCpu() - dbBefore : null;
  const sorted = times.sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: Math.round(pct(sorted, 0.5)),
    p99: Math.round(pct(sorted, 0.99)),
    max: Math.round(sorted[sorted.length - 1]!),
    serverCpuMs: +(serverCpu / sorted.length).toFixed(2),
    dbCpuMs: dbCpu === null ? null : +(dbCpu / sorted.length).toFixed(2),
    statuses,
    load: os.loadavg()[0]!.toFixed(1),
  };
}

/**
 * The kinds for a server the bench runs (`targets` found its busiest category): that category and
 * one of its sub-categories (or itself), and the catalogue's common tagline (`tagline`).
 */
export async function slowKindsFor(
  baseUrl: string,
  vendor: string,
  targets: Target[],
  tagline: string,
): Promise<SlowKind[]> {
  const category = Number(
    /\/api\/products\/category\/(\d+)/.exec(
      targets.find((t) => t.name.startsWith('category page'))!.path,
    )![1],
  );
  const plan = await (await fetch(`${baseUrl}/api/user/vendor-plan/${vendor}`)).text();
  const cats = (await (await fetch(`${baseUrl}/api/category/plan/${plan}`)).json()) as Array<{
    id: number;
    parentCategory: { id: number } | null;
  }>;
  const leaf = cats.find((c) => c.parentCategory?.id === category)?.id ?? category;
  const kinds = slowKinds(vendor, category, leaf, tagline);
  // Every one must be an answer (a 400 or 404 would measure nothing).
  for (const k of kinds) {
    const res = await fetch(baseUrl + k.url(0));
    if (!res.ok) throw new Error(`${k.url(0)} answered ${res.status}`);
  }
  return kinds;
}

/** The bench's row: the worst kinds in rotation, each request a miss. */
export function slowestTarget(kinds: SlowKind[]): Target {
  const miss = (n: number) => kinds[n % kinds.length]!.url(Math.floor(n / kinds.length));
  return { name: 'slowest public request constructed', path: miss(0), miss };
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const run = async () => {
    const baseUrl = arg('--url') ?? 'http://127.0.0.1:3571';
    const vendor = arg('--vendor') ?? 'bench-vendor-3';
    const category = Number(arg('--category') ?? 1);
    const leaf = Number(arg('--leaf-category') ?? category);
    const tagline = arg('--tagline') ?? 'Handcrafted jewellery';
    const requests = Number(arg('--requests') ?? 40);
    const connections = Number(arg('--connections') ?? 1);
    const serverPid = arg('--server-pid') ? Number(arg('--server-pid')) : undefined;
    const dbCpu = arg('--pg-url') ? await postgresCpu(arg('--pg-url')!) : undefined;
    const only = arg('--kind');
    let start = Number(arg('--start') ?? Date.now() % 100_000);
    if (process.argv.includes('--rotation')) {
      // The bench's row: the kinds in rotation, at one connection and at 8.
      const target = slowestTarget(slowKinds(vendor, category, leaf, tagline));
      for (const c of [1, 8]) {
        const n = requests * (c === 1 ? 1 : 2);
        const f = await measureSlow(baseUrl, target.miss!, {
          requests: n,
          connections: c,
          start,
          serverPid,
          dbCpu,
        });
        start += n;
        console.log(
          `rotation, ${c} at once: ${n} requests p50 ${f.p50} p99 ${f.p99} max ${f.max} ms  cpu server ${f.serverCpuMs} db ${f.dbCpuMs ?? '-'} ms/req  ${JSON.stringify(f.statuses)} load ${f.load}`,
        );
      }
      return;
    }
    for (const kind of slowKinds(vendor, category, leaf, tagline)) {
      if (only && !kind.name.includes(only)) continue;
      const f = await measureSlow(baseUrl, kind.url, { requests, connections, start, serverPid, dbCpu });
      start += requests;
      console.log(
        `${kind.name.padEnd(66)} p50 ${String(f.p50).padStart(5)} p99 ${String(f.p99).padStart(5)} max ${String(f.max).padStart(5)} ms  cpu server ${f.serverCpuMs} db ${f.dbCpuMs ?? '-'} ms/req  ${JSON.stringify(f.statuses)} load ${f.load}`,
      );
    }
  };
  run().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
