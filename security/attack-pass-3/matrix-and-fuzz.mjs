// Authorization matrix over every route of the OpenAPI document, then fuzzed params, queries and
// bodies on every route; reports 5xx answers, grants the reviewed access table does not allow, and
// reads by vendor B of vendor A's objects for review.
//   node matrix-and-fuzz.mjs BASE LOGFILE DATADIR   (ATTACK_SUPER_ADMIN=admin to use ADMIN_USERNAME)
import { call, counters, expectedAccess, SINGLE_PERMISSION_ROLES } from './lib.mjs';
import { setUp, productsOf, paidOrder } from './setup.mjs';

const [base, logFile, dataDir] = process.argv.slice(2);
const repo = new URL('../..', import.meta.url).pathname;
const access = expectedAccess(repo);
const { roles } = await setUp(base, { logFile, dataDir });
const roleSets = {
  anonymous: { type: 'none', perms: [] },
  SUPER_ADMIN: { type: 'ADMIN', perms: ['SUPER_ADMIN'] },
  CATALOGUE: { type: 'ADMIN', perms: ['MANAGE_PRODUCTS', 'MANAGE_CATEGORIES', 'MANAGE_CAROUSEL'] },
  vendorA: { type: 'VENDOR', perms: [] },
  vendorB: { type: 'VENDOR', perms: [] },
};
for (const r of SINGLE_PERMISSION_ROLES) roleSets[r] = { type: 'ADMIN', perms: [r] };

const products = await productsOf(base, roles.vendorA);
const product = products.find((p) => (p.stock ?? p.quantity ?? 0) > 2) ?? products[0];
const order = await paidOrder(base, 'zevar', [{ productSku: product.sku, quantity: 1 }]);
console.log(`order ${order.orderNumber} (${order.orderId}), product ${product.id} ${product.sku}`);

const doc = (await call(base, 'GET', '/api/docs/json')).json;
const ops = [];
for (const [p, o] of Object.entries(doc.paths))
  for (const m of Object.keys(o)) ops.push({ method: m.toUpperCase(), path: p, op: o[m] });

const fill = (path) =>
  path.replace(/\{(\w+)\}/g, (_, name) => {
    if (name === 'orderNumber') return order.orderNumber;
    if (name === 'vendorId') return String(roles.vendorA.id);
    if (name === 'slug') return 'zevar';
    if (name === 'sku') return product.sku;
    if (name === 'id' && path.startsWith('/api/orders/byId')) return order.orderId;
    if (name === 'id' && path.startsWith('/api/products')) return String(product.id);
    if (name === 'id' && path.startsWith('/api/user')) return String(roles.vendorA.id);
    if (name === 'productId') return String(product.id);
    return '1';
  });

function allowed(rule, role) {
  const r = roleSets[role];
  if (rule === 'public') return true;
  if (role === 'anonymous') return false;
  if (rule === 'authenticated') return true;
  if (rule === 'vendor') return r.type === 'VENDOR';
  if (rule === 'admin') return r.type === 'ADMIN';
  const perms = rule
    .replace(/^any:/, '')
    .replace(/^order-holder\|/, '')
    .split('|');
  return r.type === 'ADMIN' && (r.perms.includes('SUPER_ADMIN') || perms.some((p) => r.perms.includes(p)));
}

const findings = [];
const review = [];
const statusCount = {};
const note = (f) => {
  findings.push(f);
  console.log('FINDING', JSON.stringify(f).slice(0, 400));
};
const routeKey = (m, p) => `${m} ${p.replace(/\{(\w+)\}/g, ':$1')}`;
let matrixRequests = 0;
for (const { method, path } of ops) {
  const rule = access.get(routeKey(method, path));
  if (!path.startsWith('/api')) continue;
  if (!rule) {
    note({ kind: 'unlisted', method, path });
    continue;
  }
  for (const role of Object.keys(roleSets)) {
    const ok = allowed(rule, role);
    // Allowed mutations are not replayed with empty bodies (they would change the shop under test).
    if (ok && method !== 'GET' && rule !== 'public') continue;
    if (method === 'DELETE' && ok) continue;
    const url = fill(path);
    const headers = role === 'anonymous' ? {} : { authorization: roles[role].authorization };
    const r = await call(
      base,
      method,
      url,
      method === 'GET' || method === 'DELETE' ? { headers } : { headers, body: {} },
    );
    matrixRequests++;
    statusCount[r.status] = (statusCount[r.status] ?? 0) + 1;
    if (r.status >= 500)
      note({ kind: '5xx', role, method, url, status: r.status, body: r.body.slice(0, 200) });
    if (!ok && r.status < 400)
      note({ kind: 'granted', role, rule, method, url, status: r.status, body: r.body.slice(0, 200) });
    if (!ok && r.status >= 400 && ![401, 403, 404, 400].includes(r.status) && r.status < 500)
      review.push({ role, rule, method, url, status: r.status });
    if (role === 'vendorB' && ok && r.status < 300 && /vendorId|orderNumber|\{id\}/.test(path))
      review.push({ idor: true, role, method, url, status: r.status, body: r.body.slice(0, 160) });
  }
}
console.log('matrix requests', matrixRequests, 'statuses', JSON.stringify(statusCount));

// Fuzz: odd path values, queries and bodies on every route, as anonymous, vendor B and the super admin.
const odd = [
  '%00',
  "'%20OR%201=1--",
  '..%2F..%2Fetc%2Fpasswd',
  'a'.repeat(3000),
  '-1',
  '1e309',
  '99999999999999999999',
  '%E0%A4',
  '%ED%A0%80',
  'NaN',
  '__proto__',
  'constructor',
  '0x10',
  '%20',
  '1.5',
  '%F0%9F%92%8D',
];
const oddQueries = [
  'page=-1&limit=1000000000',
  'page=1e309&limit=NaN',
  'sort=__proto__&order=%00',
  'q=%ED%A0%80&keyword=' + 'x'.repeat(5000),
  'limit=1&limit=2&page[]=1',
  'from=2026-13-45&to=0000-00-00',
  'vendorSlug=../zevar&cartKey=%00',
  'status=ALL%27&search=%25%25%25',
  '__proto__[x]=1&constructor[prototype][y]=1',
  'date=' + '9'.repeat(400),
];
const deep = (n) => (n === 0 ? 1 : { a: deep(n - 1) });
const oddBodies = [
  { raw: '{"a":', type: 'application/json' },
  { raw: '[]', type: 'application/json' },
  { raw: 'null', type: 'application/json' },
  { raw: '"x"', type: 'application/json' },
  { raw: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}', type: 'application/json' },
  { raw: JSON.stringify(deep(2000)), type: 'application/json' },
  { raw: JSON.stringify({ a: 'x'.repeat(2_000_000) }), type: 'application/json' },
  { raw: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { raw: '<x/>', type: 'text/xml' },
  {
    raw: JSON.stringify({
      quantity: 1e308,
      price: -1,
      id: '1; drop table users',
      items: [{ productSku: '\u0000', quantity: 2 ** 53 }],
    }),
    type: 'application/json',
  },
  { raw: '\uFEFF{}', type: 'application/json; charset=utf-16' },
];
let fuzzRequests = 0;
const fuzzRoles = ['anonymous', 'vendorB', 'SUPER_ADMIN'];
for (const { method, path } of ops) {
  if (method === 'DELETE') continue;
  for (const role of fuzzRoles) {
    const headers = role === 'anonymous' ? {} : { authorization: roles[role].authorization };
    const tries = [];
    if (path.includes('{')) for (const v of odd) tries.push({ url: path.replace(/\{\w+\}/g, v) });
    for (const q of oddQueries) tries.push({ url: `${fill(path)}?${q}` });
    if (method !== 'GET')
      for (const b of oddBodies) tries.push({ url: fill(path), raw: b.raw, type: b.type });
    for (const t of tries) {
      const h = t.type ? { ...headers, 'content-type': t.type } : headers;
      const r = await call(
        base,
        method,
        t.url,
        t.raw === undefined ? { headers: h } : { headers: h, raw: t.raw },
      );
      fuzzRequests++;
      if (r.status >= 500 || r.status === 0)
        note({
          kind: 'fuzz-5xx',
          role,
          method,
          url: t.url.slice(0, 160),
          raw: t.raw?.slice(0, 80),
          status: r.status,
          body: r.body.slice(0, 200),
        });
      else if (r.json && r.status >= 400 && !('message' in r.json || 'error' in r.json))
        review.push({
          shape: true,
          method,
          url: t.url.slice(0, 100),
          status: r.status,
          body: r.body.slice(0, 120),
        });
    }
  }
}
console.log('fuzz requests', fuzzRequests);
console.log('REVIEW', JSON.stringify(review, null, 0).slice(0, 6000));
console.log(
  JSON.stringify({
    base,
    operations: ops.length,
    roles: Object.keys(roleSets).length,
    requests: counters.requests,
    findings: findings.length,
  }),
);
