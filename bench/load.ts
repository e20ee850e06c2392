/**
 * Load-tests the storefront calls against a running server with autocannon and prints requests per
 * second and p99 latency for each: product page, category page (first and a deep page, sorted), and
 * the vendor home calls.
 *
 *   npx tsx bench/load.ts [--url http://localhost:3000] [--vendor bench-vendor-3] [--duration 8] [--connections 10]
 */
import autocannon from 'autocannon';

export type LoadOptions = {
  baseUrl: string;
  vendor: string;
  duration: number;
  connections: number;
  log?: (m: string) => void;
};
export type LoadFigure = {
  name: string;
  path: string;
  rps: number;
  p99: number;
  avg: number;
  errors: number;
};

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

type Paged = { content: Array<{ slug: string; id: number; category: { id: number } }>; totalPages: number };

/** Picks real targets from the server so every request hits data. */
async function targets(baseUrl: string, vendor: string) {
  const q = `vendorSlug=${encodeURIComponent(vendor)}`;
  const page = await getJson<Paged>(`${baseUrl}/api/products?${q}&size=20&page=50`);
  const product = page.content[0];
  if (!product) throw new Error(`no products visible to ${vendor}: generate the catalogue first`);
  const plan = await (await fetch(`${baseUrl}/api/user/vendor-plan/${vendor}`)).text();
  const cats = await getJson<Array<{ id: number; parentCategory: unknown }>>(
    `${baseUrl}/api/category/plan/${plan}`,
  );
  const parent = cats.find((c) => c.parentCategory === null) ?? cats[0];
  return [
    { name: 'product page (by slug)', path: `/api/products/name/${product.slug}?${q}` },
    { name: 'category page 1', path: `/api/products/category/${parent!.id}?${q}&size=15` },
    {
      name: 'category page 40, price-desc',
      path: `/api/products/category/${parent!.id}?${q}&size=15&page=40&sort=price-desc`,
    },
    { name: 'category search', path: `/api/products/category/${parent!.id}?${q}&size=15&search=lotus` },
    { name: 'home: trending', path: `/api/products/trending?${q}&size=8` },
    { name: 'home: sale', path: `/api/products/sale?${q}&size=12` },
    { name: 'home: special offers', path: `/api/products/special-offers?${q}` },
    { name: 'home: categories', path: `/api/category/plan/${plan}` },
    { name: 'home: carousel', path: `/api/carousels/images/${plan}` },
    { name: 'reviews', path: `/api/reviews/product/${product.id}` },
  ];
}

export async function runLoad(opts: LoadOptions): Promise<LoadFigure[]> {
  const log = opts.log ?? console.log;
  const figures: LoadFigure[] = [];
  for (const t of await targets(opts.baseUrl, opts.vendor)) {
    const r = await autocannon({
      url: opts.baseUrl + t.path,
      connections: opts.connections,
      duration: opts.duration,
    });
    const figure = {
      name: t.name,
      path: t.path,
      rps: r.requests.average,
      p99: r.latency.p99,
      avg: r.latency.average,
      errors: r.errors + r.non2xx,
    };
    figures.push(figure);
    log(
      `${t.name.padEnd(32)} ${figure.rps.toFixed(0).padStart(6)} req/s   p99 ${String(figure.p99).padStart(5)} ms   avg ${figure.avg.toFixed(1)} ms   errors ${figure.errors}`,
    );
  }
  return figures;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runLoad({
    baseUrl: arg('--url') ?? 'http://localhost:3000',
    vendor: arg('--vendor') ?? 'bench-vendor-3',
    duration: Number(arg('--duration') ?? 8),
    connections: Number(arg('--connections') ?? 10),
  }).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
