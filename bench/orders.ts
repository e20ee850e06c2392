/**
 * The write path (issue 25 item 4): paid orders as a shopper places them, initiate → pay in the
 * sandbox window → confirm, over HTTP against a running server; the most a process sustains in a
 * closed loop, orders at a fixed rate while reads are measured (the rush), and the statements one
 * paid order sends (counted through the database client of an in-process app).
 *
 * Each order comes from its own client network (`X-Forwarded-For`; the server runs with
 * TRUST_PROXY=1), as a rush of shoppers does: from one address the per-network cap on unpaid orders
 * and its lock would measure one shopper, not a shop.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client';
import { parseEnv } from '../apps/server/src/env';
import { resolveConfig } from '../apps/server/src/bootstrap';
import { buildApp } from '../apps/server/src/app';

export type OrderFigure = {
  orders: number;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
  /** The first failure's answer, to say why. */
  firstFailure?: string;
};

const address = {
  fullName: 'Bench Shopper',
  street: '12 Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  postalCode: '560025',
  phone: '9876543210',
};

export function benchOrderBody(vendorSlug: string, sku: string) {
  return {
    customerName: 'Bench Shopper',
    customerEmail: 'bench@example.in',
    customerPhone: '9876543210',
    vendorSlug,
    orderItems: [{ productSku: sku, quantity: 1 }],
    paymentMethod: 'RAZORPAY',
    shippingAddress: address,
    appliedCoupons: [],
  };
}

/** A client network per order: 10.x.y.z from the order's number (never sent anywhere, only a header). */
const networkOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

let orderCounter = 0;

/** One paid order over HTTP; resolves with its time in ms, or throws with the failing answer. */
export async function placePaidOrder(baseUrl: string, vendor: string, sku: string): Promise<number> {
  const started = performance.now();
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': networkOf(orderCounter++) };
  const init = await fetch(`${baseUrl}/api/orders/initiate-order`, {
    method: 'POST',
    headers,
    body: JSON.stringify(benchOrderBody(vendor, sku)),
  });
  if (!init.ok) throw new Error(`initiate ${init.status} ${await init.text()}`);
  const { razorpayOrderId } = (await init.json()) as { razorpayOrderId: string };
  const pay = await fetch(`${baseUrl}/sandbox/pay`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ orderId: razorpayOrderId }),
  });
  if (!pay.ok) throw new Error(`pay ${pay.status} ${await pay.text()}`);
  const p = (await pay.json()) as Record<string, string>;
  const q = new URLSearchParams({
    razorpayOrderId: p.razorpay_order_id!,
    razorpayPaymentId: p.razorpay_payment_id!,
    razorpaySignature: p.razorpay_signature!,
  });
  const confirm = await fetch(`${baseUrl}/api/orders/confirm-payment?${q.toString()}`, {
    method: 'POST',
    headers: { 'x-forwarded-for': headers['x-forwarded-for'] },
  });
  const body = await confirm.text();
  if (!confirm.ok || !body.includes('"success"')) throw new Error(`confirm ${confirm.status} ${body}`);
  return performance.now() - started;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!) : NaN;

function orderFigure(times: number[], failures: string[], seconds: number): OrderFigure {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    orders: times.length,
    perSecond: times.length / seconds,
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    failures: failures.length,
    firstFailure: failures[0]?.slice(0, 300),
  };
}

/**
 * A closed loop: `workers` shoppers each placing one order after another for `seconds` (a new order
 * starts when the shopper's last one is done); `placeOne(n)` places the n-th and answers its time in ms.
 * Zevar's ceiling below and Vendure's (bench/vendure.ts) both run in it.
 */
export async function closedLoop(
  opts: { seconds: number; workers: number },
  placeOne: (n: number) => Promise<number>,
): Promise<OrderFigure> {
  const times: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  const until = started + opts.seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: opts.workers }, async () => {
      while (performance.now() < until) {
        try {
          times.push(await placeOne(n++));
        } catch (err) {
          failures.push(String(err));
        }
      }
    }),
  );
  return orderFigure(times, failures, (performance.now() - started) / 1000);
}

/**
 * The write ceiling: `workers` shoppers each placing one paid order after another for `seconds`
 * (a closed loop: a new order starts when the shopper's last one is confirmed), spread over `skus`.
 */
export function orderCeiling(
  baseUrl: string,
  vendor: string,
  skus: string[],
  opts: { seconds: number; workers: number },
): Promise<OrderFigure> {
  return closedLoop(opts, (n) => placePaidOrder(baseUrl, vendor, skus[n % skus.length]!));
}

/**
 * Paid orders started at `perSecond` (an open loop: a slow order does not slow the next one) until
 * `stop` resolves; then waits for the orders under way.
 */
export async function ordersAtRate(
  baseUrl: string,
  vendor: string,
  skus: string[],
  perSecond: number,
  stop: Promise<unknown>,
): Promise<OrderFigure> {
  const times: number[] = [];
  const failures: string[] = [];
  const running: Array<Promise<void>> = [];
  let stopped = false;
  void stop.then(() => (stopped = true));
  const started = performance.now();
  for (let i = 0; !stopped; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (stopped) break;
    running.push(
      placePaidOrder(baseUrl, vendor, skus[i % skus.length]!).then(
        (ms) => void times.push(ms),
        (err: unknown) => void failures.push(String(err)),
      ),
    );
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(running);
  return orderFigure(times, failures, seconds);
}

/**
 * Products to buy: in stock in `vendor`'s shop, not hallmarked (a hallmarked piece carries its own
 * HUID, so its stock is its pieces), taken from the storefront's own category page; their stock is
 * raised so the loop never runs out (well-stocked products, as the issue asks). Call with the
 * database closed to servers (PGlite) or beside them (PostgreSQL).
 */
export async function stockUp(database: Database, skus: string[], stock = 1_000_000): Promise<string[]> {
  const list = sql.join(
    skus.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = (await database.db.execute(
    sql`update products set stock = ${stock} where sku in (${list}) and not hallmarked returning sku`,
  )) as unknown as { rows?: Array<{ sku: string }> } | Array<{ sku: string }>;
  const out = Array.isArray(rows) ? rows : (rows.rows ?? []);
  return out.map((r) => r.sku);
}

export type Candidate = { sku: string; slug: string; categoryId: number };

/** Products on the storefront's first category pages (candidates for `stockUp`). */
export async function candidateProducts(baseUrl: string, vendor: string, want = 40): Promise<Candidate[]> {
  const q = `vendorSlug=${encodeURIComponent(vendor)}`;
  const plan = await (await fetch(`${baseUrl}/api/user/vendor-plan/${vendor}`)).text();
  const cats = (await (await fetch(`${baseUrl}/api/category/plan/${plan}`)).json()) as Array<{ id: number }>;
  const found = new Map<string, Candidate>();
  for (const c of cats) {
    const page = (await (await fetch(`${baseUrl}/api/products/category/${c.id}?${q}&size=40`)).json()) as {
      content?: Array<{ sku: string; slug: string; category: { id: number } }>;
    };
    for (const p of page.content ?? [])
      found.set(p.sku, { sku: p.sku, slug: p.slug, categoryId: p.category.id });
    if (found.size >= want) break;
  }
  return [...found.values()];
}

/**
 * Statements one paid order sends (initiate, pay in the sandbox, confirm), counted through the
 * database client of an in-process app on the same database: the median of `n` orders.
 */
export async function statementsPerOrder(
  database: Database,
  env: Record<string, string>,
  vendor: string,
  skus: string[],
  n = 5,
): Promise<{ initiate: number; pay: number; confirm: number; total: number }> {
  const config = resolveConfig(
    parseEnv({ ...env, LOG_LEVEL: 'silent', TRUST_PROXY: '1', PAYMENTS: 'sandbox' }),
  );
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const runs: Array<{ initiate: number; pay: number; confirm: number }> = [];
  try {
    for (let i = 0; i < n; i++) {
      const headers = { 'x-forwarded-for': networkOf(900_000 + i) };
      let before = database.statements.count;
      const init = await app.inject({
        method: 'POST',
        url: '/api/orders/initiate-order',
        headers,
        payload: benchOrderBody(vendor, skus[i % skus.length]!),
      });
      if (init.statusCode !== 200) throw new Error(`initiate ${init.statusCode} ${init.body}`);
      const initiate = database.statements.count - before;
      before = database.statements.count;
      const pay = await app.inject({
        method: 'POST',
        url: '/sandbox/pay',
        headers,
        payload: { orderId: (init.json() as { razorpayOrderId: string }).razorpayOrderId },
      });
      const paid = database.statements.count - before;
      if (pay.statusCode !== 200) throw new Error(`pay ${pay.statusCode} ${pay.body}`);
      const p = pay.json() as Record<string, string>;
      const q = new URLSearchParams({
        razorpayOrderId: p.razorpay_order_id!,
        razorpayPaymentId: p.razorpay_payment_id!,
        razorpaySignature: p.razorpay_signature!,
      });
      before = database.statements.count;
      const confirm = await app.inject({ method: 'POST', url: `/api/orders/confirm-payment?${q}`, headers });
      if (!confirm.body.includes('"success"'))
        throw new Error(`confirm ${confirm.statusCode} ${confirm.body}`);
      runs.push({ initiate, pay: paid, confirm: database.statements.count - before });
    }
  } finally {
    await app.close();
  }
  const mid = (k: 'initiate' | 'pay' | 'confirm') =>
    runs.map((r) => r[k]).sort((a, b) => a - b)[runs.length >> 1]!;
  const out = { initiate: mid('initiate'), pay: mid('pay'), confirm: mid('confirm') };
  return { ...out, total: out.initiate + out.pay + out.confirm };
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
