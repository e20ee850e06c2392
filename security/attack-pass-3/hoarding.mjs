// Issue 21 item 1 re-measured: 18 IPv4 addresses and one IPv6 /64 (a fresh address per request)
// try to hold every in-stock product with unpaid orders (per-line and per-order caps, each order's
// payment window opened to stretch its hold; no cancel keys sent, as a "new browser" each time).
// Then a fresh shopper tries one piece of each in-stock product. Needs TRUST_PROXY=127.0.0.1 on
// the server (the script speaks for the clients in X-Forwarded-For).
//   node hoarding.mjs BASE
import { call, counters, rnd } from './lib.mjs';
import { orderBody } from './setup.mjs';

const base = process.argv[2];
const shops = ['zevar', 'mehta-jewellers', 'demo-basic', 'demo-standard', 'demo-premium'];
const inStock = [];
for (const slug of shops) {
  for (let page = 0; page < 20; page++) {
    const r = await call(base, 'GET', `/api/products/paged?vendorSlug=${slug}&page=${page}&size=50&limit=50`);
    const list = r.json?.content ?? r.json?.products ?? [];
    for (const p of list)
      if ((p.stock ?? 0) > 0 && !inStock.some((q) => q.sku === p.sku)) inStock.push({ ...p, slug });
    if (list.length < 50) break;
  }
}
// The shop each product sells in: try initiate in the first shop that prices it.
console.log(`in-stock products: ${inStock.length}`);
const attackers = [
  ...Array.from({ length: 18 }, (_, i) => () => `198.18.7.${i + 1}`),
  () => `2001:db8:77:1:${rnd(2)}:${rnd(2)}:${rnd(2)}:${rnd(2)}`.replace(/:0+(?=[0-9a-f])/g, ':'),
];
let held = 0;
let refused = {};
for (let round = 0; round < 14; round++) {
  for (const who of attackers) {
    // Three products per order, ten pieces each: the caps' most.
    const picks = [];
    for (let k = 0; k < 3; k++)
      picks.push(inStock[(round * 3 + k + attackers.indexOf(who) * 7) % inStock.length]);
    const bySlug = picks.filter((p) => p.slug === picks[0].slug);
    const r = await call(base, 'POST', '/api/orders/initiate-order', {
      body: orderBody(
        bySlug[0].slug,
        bySlug.map((p) => ({ productSku: p.sku, quantity: Math.min(10, p.stock) })),
        { buyerPan: 'ABCPE1234F' },
      ),
      headers: { 'x-forwarded-for': who() },
    });
    if (r.status === 200) {
      held++;
      await call(base, 'POST', `/api/orders/${r.json.orderId}/payment-window`, {
        body: { cancelKey: r.json.cancelKey },
      });
    } else {
      const why = `${r.status} ${(r.json?.message ?? '').slice(0, 60)}`;
      refused[why] = (refused[why] ?? 0) + 1;
    }
  }
}
console.log(`attack orders holding stock: ${held}; refused: ${JSON.stringify(refused)}`);
let buyable = 0;
const unbuyable = [];
let n = 0;
for (const p of inStock) {
  const r = await call(base, 'POST', '/api/orders/initiate-order', {
    body: orderBody(p.slug, [{ productSku: p.sku, quantity: 1 }], { buyerPan: 'ABCPE1234F' }),
    headers: { 'x-forwarded-for': `192.0.2.${(n++ % 250) + 1}` },
  });
  if (r.status === 200) {
    buyable++;
    await call(base, 'POST', `/api/orders/${r.json.orderId}/cancel-payment`, {
      body: { reason: 'dismissed', cancelKey: r.json.cancelKey },
    });
  } else unbuyable.push(`${p.sku}(${p.stock}):${r.status}:${(r.json?.message ?? '').slice(0, 50)}`);
}
const share = inStock.length ? (100 * buyable) / inStock.length : 0;
console.log(`buyable under attack: ${buyable}/${inStock.length} = ${share.toFixed(1)} %`);
console.log(`not buyable: ${unbuyable.slice(0, 20).join(' | ')}`);
console.log(JSON.stringify({ base, requests: counters.requests, share }));
