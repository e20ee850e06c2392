// The slowest public requests a stranger can construct, each sent 40 times; prints p50/p99 of the
// wall time seen by the client (noisy on a shared machine: compare with the load average printed).
//   node slow-public.mjs BASE
import { loadavg } from 'node:os';
import { call } from './lib.mjs';

const base = process.argv[2];
const ids = Array.from({ length: 100 }, (_, i) => i + 1);
const kw = (w) => encodeURIComponent(w);
const shapes = [
  [
    'search, many 3-letter words',
    'GET',
    `/api/products/search?keyword=${kw(Array(30).fill('gol ear rin').join(' ').slice(0, 100))}`,
  ],
  ['search, common prefix', 'GET', `/api/products/search?keyword=${kw('gol')}&page=0&size=60`],
  ['search, wildcard-like text', 'GET', `/api/products/search?keyword=${kw('%%%___abc')}`],
  ['search path, long word', 'GET', `/api/products/search/${kw('x'.repeat(200))}`],
  ['paged, last page, all filters', 'GET', '/api/products/paged?page=166&size=60&sort=price'],
  ['category listing, big page', 'GET', '/api/products/category/1?page=0&size=60'],
  [
    'cart quote, 100 lines',
    'POST',
    '/api/cart/quote?vendorSlug=zevar',
    ids.map((productId) => ({ productId, quantity: 10 })),
  ],
  [
    'checkout, 100 unknown SKUs',
    'POST',
    '/api/checkout?vendorSlug=zevar',
    ids.map((i) => ({ productSku: `NOPE-${i}`, quantity: 1 })),
  ],
  ['delivery estimate', 'GET', '/api/delivery-estimate?pin=560025&productId=14'],
  ['reviews of a product', 'GET', '/api/reviews/product/14?page=0&size=100'],
  ['metal rate history', 'GET', '/api/metal-rates/history?metal=gold&days=366'],
];
for (const [name, method, path, body] of shapes) {
  const ms = [];
  const statuses = new Set();
  for (let i = 0; i < 40; i++) {
    const r = await call(base, method, path, body ? { body } : {});
    ms.push(r.ms);
    statuses.add(r.status);
  }
  ms.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(34)} p50 ${ms[19].toFixed(1).padStart(6)} ms  p99 ${ms[39].toFixed(1).padStart(6)} ms  [${[...statuses]}]  load ${loadavg()[0].toFixed(1)}`,
  );
}
