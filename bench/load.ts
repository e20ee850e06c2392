/**
 * The storefront calls to load-test on a running server, and one autocannon measurement.
 *
 *   npx tsx bench/load.ts [--url http://localhost:3000] [--vendor bench-vendor-3] [--duration 10] [--connections 50]
 */
import autocannon from 'autocannon';

/**
 * `path`: the URL measured. `miss`: a URL for the n-th request, each one different, so every request
 * misses the public answer cache (a stranger's cache-busting load); `path` is then its first URL.
 */
export type Target = {
  name: string;
  path: string;
  miss?: (n: number) => string;
  /** The request's headers (a page's HTML is asked for as a browser navigates); default: a fetch's. */
  headers?: Record<string, string>;
};
export type Figure = { rps: number; p50: number; p99: number; errors: number };

/** What Chromium sends when it navigates to a page: the server-rendered HTML, compressed. */
export const PAGE_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-IN,en;q=0.9',
};

/** The path of a product's storefront page (the server renders its HTML). */
const pagePath = (vendor: string, slug: string) => `/${encodeURIComponent(vendor)}/product/${slug}`;

/**
 * Whether the server renders storefront pages: a product page answers HTML with its first answers
 * embedded (the web app is built and served). Without it the HTML rows are left out.
 */
export async function rendersPages(baseUrl: string, vendor: string, slug: string): Promise<boolean> {
  const res = await fetch(baseUrl + pagePath(vendor, slug), { headers: PAGE_HEADERS });
  const html = await res.text();
  return (
    res.ok &&
    (res.headers.get('content-type') ?? '').startsWith('text/html') &&
    html.includes('id="zevar-prefetched"')
  );
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

type Paged = {
  content: Array<{ slug: string; id: number; name: string; category: { id: number } }>;
  totalElements: number;
};

/** Words of the product names on the category's first page: candidate search terms. */
function wordsOf(names: string[]): string[] {
  const words = names.flatMap((n) =>
    n
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w.length >= 4),
  );
  return [...new Set(words)].slice(0, 8);
}

/**
 * Real targets picked from the server, so every request finds data: a product page, the category
 * with the most products (page 1 of 15), a search in that category for a word its products have,
 * and (with `home`) the other home-page calls.
 */
export async function targets(baseUrl: string, vendor: string, home = true): Promise<Target[]> {
  const q = `vendorSlug=${encodeURIComponent(vendor)}`;
  const plan = await (await fetch(`${baseUrl}/api/user/vendor-plan/${vendor}`)).text();
  const cats = await getJson<Array<{ id: number; parentCategory: unknown }>>(
    `${baseUrl}/api/category/plan/${plan}`,
  );
  let best: { id: number; page: Paged } | null = null;
  for (const c of cats.filter((x) => x.parentCategory === null).slice(0, 30)) {
    const page = await getJson<Paged>(`${baseUrl}/api/products/category/${c.id}?${q}&size=15`);
    if (!best || page.totalElements > best.page.totalElements) best = { id: c.id, page };
  }
  const product = best?.page.content[0];
  if (!best || !product)
    throw new Error(`no products visible to ${vendor}: generate or seed the catalogue first`);
  // A term that finds products in this category but not all of them (a real narrowing search).
  let pick: { term: string; found: number } | null = null;
  for (const term of wordsOf(best.page.content.map((p) => p.name))) {
    const url = `${baseUrl}/api/products/category/${best.id}?${q}&size=15&search=${term}`;
    const found = (await getJson<Paged>(url)).totalElements;
    if (found === 0) continue;
    if (!pick || (pick.found === best.page.totalElements && found < pick.found)) pick = { term, found };
    if (found < best.page.totalElements) break;
  }
  if (!pick) throw new Error(`no search term finds products in category ${best.id}`);
  const term = pick.term;
  const search = { totalElements: pick.found };
  const list: Target[] = [
    { name: 'product page', path: `/api/products/name/${product.slug}?${q}` },
    { name: 'category page (15 items)', path: `/api/products/category/${best.id}?${q}&size=15` },
    {
      name: `category search '${term}' (${search.totalElements} found)`,
      path: `/api/products/category/${best.id}?${q}&size=15&search=${term}`,
    },
  ];
  if (await rendersPages(baseUrl, vendor, product.slug)) {
    list.splice(1, 0, {
      name: 'product page HTML',
      path: pagePath(vendor, product.slug),
      headers: PAGE_HEADERS,
    });
  } else {
    console.log(
      `${baseUrl}: storefront pages are not server-rendered (npm run build -w @zevar/web): HTML rows left out`,
    );
  }
  if (home) {
    list.push(
      { name: 'home: trending', path: `/api/products/trending?${q}&size=8` },
      { name: 'home: sale', path: `/api/products/sale?${q}&size=12` },
      { name: 'home: categories', path: `/api/category/plan/${plan}` },
      { name: 'home: carousel', path: `/api/carousels/images/${plan}` },
    );
  }
  return list;
}

/**
 * Spellings of `word` that differ only in letter case: searches and slugs are matched
 * case-insensitively, so each finds the same rows while the cache sees a new key.
 */
function caseVariant(word: string, n: number): string {
  let bit = 0;
  return [...word]
    .map((c) => (/[a-z]/i.test(c) ? ((n >> bit++) & 1 ? c.toUpperCase() : c.toLowerCase()) : c))
    .join('');
}
const letters = (word: string) => [...word].filter((c) => /[a-z]/i.test(c)).length;

/**
 * The n-th distinct (spelling, size, page) of a listing: spellings first, then sizes 10..`maxSize`,
 * then pages that start inside `window`, so a run never asks the same URL twice (until it has used
 * them all).
 */
function missQuery(word: string, n: number, maxSize: number, window: number) {
  const spellings = 2 ** Math.min(letters(word), 12);
  const term = caseVariant(word, n % spellings);
  let rest = Math.floor(n / spellings);
  const size = 10 + (rest % (maxSize - 9));
  rest = Math.floor(rest / (maxSize - 9));
  const page = rest % Math.ceil(window / size);
  return { term, size, page };
}

/**
 * The most expensive public reads a stranger can send, each request a cache miss (see `missQuery`):
 * the public product search over name, SKU and tagline; a category's pages at any depth and sort
 * (price sorts included); a search within the category at any sort; and a product page by name.
 */
export async function missTargets(
  baseUrl: string,
  vendor: string,
  home: Target[],
  /** Slugs of products no request has read yet (a large catalogue only): the coldest product miss. */
  coldSlugs: string[] = [],
): Promise<Target[]> {
  const q = `vendorSlug=${encodeURIComponent(vendor)}`;
  const category = /\/api\/products\/category\/(\d+)/.exec(
    home.find((t) => t.name.startsWith('category page'))!.path,
  )![1];
  const term = /search=([a-z]+)/.exec(home.find((t) => t.name.startsWith('category search'))!.path)![1]!;
  const slug = /\/api\/products\/name\/([^?]+)/.exec(home.find((t) => t.name === 'product page')!.path)![1]!;
  const sorts = ['default', 'price-asc', 'price-desc'];
  // Pages that hold products (a page past the end costs less and would flatter the figure).
  const inCategory = (await getJson<Paged>(`${baseUrl}/api/products/category/${category}?${q}&size=10`))
    .totalElements;
  const found = (
    await getJson<Paged>(`${baseUrl}/api/products/category/${category}?${q}&size=10&search=${term}`)
  ).totalElements;
  const searched = (await getJson<Paged>(`${baseUrl}/api/products/paged?search=${term}&size=10`))
    .totalElements;
  const list: Target[] = [
    // Another spelling of a product already read shares its kept product (decision 0100); a product
    // no request has read yet is the shopper's real first visit (only where the catalogue is large
    // enough that a run never asks one twice).
    ...(coldSlugs.length > 0
      ? [
          {
            name: `miss: product page (a product not yet read, ${coldSlugs.length} in rotation)`,
            path: '',
            miss: (n: number) => `/api/products/name/${coldSlugs[n % coldSlugs.length]}?${q}`,
          },
        ]
      : []),
    {
      name: `miss: product page (any spelling of its name)`,
      path: '',
      miss: (n) => `/api/products/name/${caseVariant(slug, n)}?${q}`,
    },
    {
      name: `miss: category page, any depth and sort`,
      path: '',
      miss: (n) => {
        const m = missQuery('x', n, 60, Math.min(10_000, inCategory));
        return `/api/products/category/${category}?${q}&size=${m.size}&page=${m.page}&sort=${sorts[n % 3]}`;
      },
    },
    {
      // Every sort: a price-sorted search ranks all of the category's matches (decision 0080).
      name: `miss: category search '${term}', any depth and sort`,
      path: '',
      miss: (n) => {
        const m = missQuery(term, n, 60, Math.min(1_000, found));
        return `/api/products/category/${category}?${q}&size=${m.size}&page=${m.page}&search=${m.term}&sort=${sorts[n % 3]}`;
      },
    },
    {
      name: `miss: /products/paged search '${term}' (name, SKU, tagline), any depth`,
      path: '',
      miss: (n) => {
        const m = missQuery(term, n, 100, Math.min(1_000, searched));
        return `/api/products/paged?search=${m.term}&size=${m.size}&page=${m.page}`;
      },
    },
  ];
  // The page's HTML, each request a miss of the page cache and of its product's answer.
  if (home.some((t) => t.name === 'product page HTML')) {
    list.splice(1, 0, {
      name: 'miss: product page HTML (any spelling of its name)',
      path: '',
      miss: (n) => pagePath(vendor, caseVariant(slug, n)),
      headers: PAGE_HEADERS,
    });
  }
  for (const t of list) t.path = t.miss!(0);
  // Every one of them must be a real answer (a 400 or 404 would measure nothing).
  for (const t of list) {
    for (const n of [0, 1, 12345]) {
      if (!t.headers) await getJson(baseUrl + t.miss!(n));
      else if (!(await rendersPages(baseUrl, vendor, caseVariant(slug, n))))
        throw new Error(`${t.miss!(n)} is not a server-rendered product page`);
    }
  }
  return list;
}

/** Each target's request counter lives across rounds, so no round repeats an earlier one's URLs. */
const missCounters = new Map<Target, number>();

export async function measureTarget(
  baseUrl: string,
  t: Target,
  duration: number,
  connections: number,
): Promise<Figure> {
  if (!t.miss) return measure(baseUrl + t.path, duration, connections, t.headers);
  const miss = t.miss;
  const r = await autocannon({
    url: baseUrl,
    connections,
    duration,
    headers: t.headers ?? BROWSER_HEADERS,
    requests: [
      {
        setupRequest: (req) => {
          const n = missCounters.get(t) ?? 0;
          missCounters.set(t, n + 1);
          return { ...req, path: miss(n) };
        },
      },
    ],
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}
/** What Chromium sends with a fetch: every figure is for a request as a browser makes it (compressed). */
export const BROWSER_HEADERS = {
  accept: 'application/json, text/html;q=0.9, */*;q=0.8',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-IN,en;q=0.9',
};

/** Reads of several paths at once (autocannon takes them in turn), as one figure. */
export async function measureMix(
  baseUrl: string,
  paths: string[],
  duration: number,
  connections: number,
): Promise<Figure> {
  const r = await autocannon({
    url: baseUrl,
    connections,
    duration,
    headers: BROWSER_HEADERS,
    requests: paths.map((p) => ({ path: p })),
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

export async function measure(
  url: string,
  duration: number,
  connections: number,
  headers: Record<string, string> = BROWSER_HEADERS,
): Promise<Figure> {
  const r = await autocannon({ url, connections, duration, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = arg('--url') ?? 'http://localhost:3000';
  const run = async () => {
    for (const t of await targets(baseUrl, arg('--vendor') ?? 'zevar')) {
      const f = await measure(
        baseUrl + t.path,
        Number(arg('--duration') ?? 10),
        Number(arg('--connections') ?? 50),
        t.headers,
      );
      console.log(
        `${t.name.padEnd(40)} ${f.rps.toFixed(0).padStart(7)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  errors ${f.errors}`,
      );
    }
  };
  run().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
