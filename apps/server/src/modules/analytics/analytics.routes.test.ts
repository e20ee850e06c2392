import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { zonedIsoDate } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, type Callers } from '../../../test/catalogue-fixtures';
import { createProduct, createVendor, uid } from '../../../test/factories';
import { confirmUrl, orderBody, sandboxPay } from '../../../test/payment-journey';
import { pageViews } from '../../db/schema';
import { createViewCounter } from './view-counter';

let t: TestApp;
let who: Callers;
const BROWSER = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

/** A built web app of one page: the storefront's HTML routes answer (and count) as in production. */
function fakeWebBuild() {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'zevar-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<html><head><title>Zevar</title></head><body></body></html>');
  return dist;
}

beforeAll(async () => {
  t = await createTestApp({ webDistDir: fakeWebBuild() });
  who = await createCallers(t.app, t.db);
});
afterAll(async () => t.close());

const today = () => zonedIsoDate(new Date(), t.config.BUSINESS_TIMEZONE);
const dayAfter = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function buy(slug: string, sku: string, extra: object = {}) {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders/initiate-order',
    payload: orderBody(slug, [{ productSku: sku, quantity: 1 }], extra),
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: confirmUrl(await sandboxPay(t.app, placed.json().razorpayOrderId)),
  });
  expect(confirmed.statusCode).toBe(200);
}

describe('reseller analytics', () => {
  it('counts views, quotes, orders and commission of the reseller’s own events only', async () => {
    const reseller = await createVendor(t.app, t.db, { plan: 'PREMIUM' });
    const other = await createVendor(t.app, t.db, { plan: 'PREMIUM' });
    const necklace = await createProduct(t.db, {
      name: `Analytics Necklace ${uid()}`,
      pricePaise: 5_000_000,
      vendorCommissionPaise: 250_000,
      stock: 20,
    });
    const page = (url: string, ip: string, ua = BROWSER) =>
      t.app.inject({ url, remoteAddress: ip, headers: { 'user-agent': ua } });
    // Shop views: its home and category pages opened from outside the app (once per network an hour).
    expect((await page(`/${reseller.slug}`, '10.25.0.1')).statusCode).toBe(200);
    expect((await page(`/${reseller.slug}/home`, '10.25.0.2')).statusCode).toBe(200);
    await page(`/${reseller.slug}/category/rings`, '10.25.0.3'); // a category it does not have: still the shop's page
    await page(`/${reseller.slug}`, '10.25.0.4', 'WhatsApp/2.23.20.0 A'); // a link preview: not a view
    await page(`/${other.slug}`, '10.25.0.1'); // another shop's view
    await page(`/${reseller.slug}/product/${necklace.slug}`, '10.25.0.5'); // the product page's ping counts it
    // Product views: the page's view call, from the page's address, once per network per hour.
    const ping = (ip: string, referer: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/products/${necklace.id}/views`,
        remoteAddress: ip,
        headers: { 'user-agent': BROWSER, referer },
      });
    const productPage = `http://localhost/${reseller.slug}/product/${necklace.slug}`;
    expect((await ping('10.26.0.1', productPage)).statusCode).toBe(204);
    await ping('10.26.0.1', productPage);
    await ping('10.26.0.2', productPage);
    await ping('10.26.0.3', `http://localhost/${other.slug}/product/${necklace.slug}`);

    // Quotes: two made, one opened twice and bought.
    const makeQuote = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/vendor/quotes',
          headers: reseller.headers,
          payload: { items: [{ productId: necklace.id, quantity: 1 }], discount: 500 },
        })
      ).json() as { code: string; total: number };
    const bought = await makeQuote();
    await makeQuote();
    for (let i = 0; i < 2; i++)
      await t.app.inject({
        method: 'POST',
        url: `/api/quotes/${bought.code}/open`,
        remoteAddress: `10.27.0.${i + 1}`,
        headers: { 'user-agent': BROWSER },
      });
    const { checkoutId } = (
      await t.app.inject({ method: 'POST', url: `/api/quotes/${bought.code}/checkout` })
    ).json() as { checkoutId: string };
    await buy(reseller.slug, necklace.sku, { checkoutId });
    await buy(reseller.slug, necklace.sku); // a sale in its shop
    await buy(other.slug, necklace.sku); // another reseller's sale
    await t.app.pageViews.flush();

    const from = dayAfter(today(), -1);
    const to = dayAfter(today(), 1);
    const res = await t.app.inject({
      url: `/api/analytics/vendor/${reseller.id}?from=${from}&to=${to}&bucket=day`,
      headers: reseller.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totals).toEqual({
      shopViews: 3,
      productViews: 2,
      quoteViews: 2,
      quotesSent: 2,
      quotesConverted: 1,
      orders: 2,
      conversionRate: 28.6, // 2 orders per 7 views
      commission: 2500 - 500 + 2500,
    });
    expect(body.series.map((b: { start: string }) => b.start)).toEqual([from, today(), to]);
    const day = body.series.find((b: { start: string }) => b.start === today());
    expect(day).toEqual({ start: today(), views: 7, orders: 2, commission: 4500 });
    expect(body.topProducts[0]).toEqual({
      productId: necklace.id,
      name: necklace.name,
      views: 2,
      units: 2,
      commission: 4500,
    });
    expect(body.quotes.map((q: { code: string }) => q.code)).toContain(bought.code);
    expect(body.quotes.find((q: { code: string }) => q.code === bought.code)).toMatchObject({
      views: 2,
      converted: true,
      total: bought.total,
    });

    // Another reseller sees its own figures only; an admin may read any; nobody else.
    const theirs = await t.app.inject({
      url: `/api/analytics/vendor/${other.id}?from=${from}&to=${to}`,
      headers: other.headers,
    });
    expect(theirs.json().totals).toMatchObject({ shopViews: 1, productViews: 1, orders: 1, quotesSent: 0 });
    const url = `/api/analytics/vendor/${reseller.id}?from=${from}&to=${to}&bucket=month`;
    expect((await t.app.inject({ url, headers: other.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const admin = await t.app.inject({ url, headers: who.superAdmin });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().totals).toEqual(body.totals);
  });

  it('does not let a stranger inflate a reseller’s views, nor crowd out real ones with made-up shops and products', async () => {
    const reseller = await createVendor(t.app, t.db, { plan: 'PREMIUM' });
    const ring = await createProduct(t.db, { name: `Inflated Ring ${uid()}`, stock: 5 });
    const quote = (
      await t.app.inject({
        method: 'POST',
        url: '/api/vendor/quotes',
        headers: reseller.headers,
        payload: { items: [{ productId: ring.id, quantity: 1 }] },
      })
    ).json() as { code: string };
    const from = (ip: string) => ({ remoteAddress: ip, headers: { 'user-agent': BROWSER } });
    // One network reloading the shop and re-opening the quote: one view of each an hour.
    for (let i = 0; i < 10; i++) {
      await t.app.inject({ url: `/${reseller.slug}`, ...from('198.51.100.7') });
      await t.app.inject({ url: `/${reseller.slug}/category/x${i}`, ...from('198.51.100.7') });
      await t.app.inject({ method: 'POST', url: `/api/quotes/${quote.code}/open`, ...from('198.51.100.7') });
    }
    await t.app.inject({ url: `/${reseller.slug}`, ...from('198.51.100.8') });
    await t.app.pageViews.flush();
    const views = await t.db.select().from(pageViews).where(eq(pageViews.vendorId, reseller.id));
    expect(Object.fromEntries(views.map((v) => [v.kind, v.views]))).toEqual({ shop: 2, quote: 1 });

    // Made-up shops, product ids and shop addresses take none of the counter's bounded keys.
    for (let i = 0; i < 5; i++) {
      await t.app.inject({ url: `/made-up-${uid()}`, ...from(`198.51.100.${20 + i}`) });
      await t.app.inject({
        method: 'POST',
        url: `/api/products/${900_000_000 + i}/views`,
        ...from(`198.51.100.${30 + i}`),
      });
      await t.app.inject({
        method: 'POST',
        url: `/api/products/${ring.id}/views`,
        remoteAddress: `198.51.100.${40 + i}`,
        headers: { 'user-agent': BROWSER, referer: `http://localhost/made-up-${uid()}/product/${ring.slug}` },
      });
    }
    expect(t.app.pageViews.pending()).toBe(0);
  });

  it('answers a malformed or too long period with 400, never 500', async () => {
    const reseller = await createVendor(t.app, t.db);
    const base = `/api/analytics/vendor/${reseller.id}`;
    for (const query of [
      '?from=2026-12-02&to=2026-12-01',
      '?from=2025-01-01&to=2026-06-01',
      '?from=2026-02-30',
      '?from=yesterday',
      '?bucket=year',
      '?from=2026-01-01&extra=1',
      `?from=${'9'.repeat(500)}`,
    ]) {
      const res = await t.app.inject({ url: base + query, headers: reseller.headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty('code');
    }
    expect(
      (await t.app.inject({ url: '/api/analytics/vendor/abc', headers: reseller.headers })).statusCode,
    ).toBe(400);
    const fine = await t.app.inject({ url: base, headers: reseller.headers });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json()).toMatchObject({ to: today(), bucket: 'day' });
    expect(fine.json().series).toHaveLength(30);
  });
});

describe('page view counter', () => {
  it('adds batched counts to the table: several processes add up, unknown shops are dropped', async () => {
    const reseller = await createVendor(t.app, t.db);
    const at = new Date();
    const day = zonedIsoDate(at, t.config.BUSINESS_TIMEZONE);
    const a = createViewCounter({ db: t.db, timeZone: t.config.BUSINESS_TIMEZONE, onError: () => {} });
    const b = createViewCounter({ db: t.db, timeZone: t.config.BUSINESS_TIMEZONE, onError: () => {} });
    for (let i = 0; i < 250; i++) a.count({ vendorSlug: reseller.slug, kind: 'shop' }, at);
    for (let i = 0; i < 40; i++) a.count({ vendorSlug: reseller.slug, kind: 'product', subject: '42' }, at);
    a.count({ vendorSlug: `no-such-shop-${uid()}`, kind: 'shop' }, at);
    b.count({ vendorSlug: reseller.slug.toUpperCase(), kind: 'shop' }, at);
    expect(a.pending()).toBe(291);
    await Promise.all([a.flush(), b.flush()]);
    expect(a.pending()).toBe(0);
    for (let i = 0; i < 9; i++) a.count({ vendorSlug: reseller.slug, kind: 'shop' }, at);
    await a.flush();
    const rows = await t.db
      .select()
      .from(pageViews)
      .where(eq(pageViews.vendorId, reseller.id))
      .orderBy(pageViews.kind);
    expect(rows).toEqual([
      { vendorId: reseller.id, day, kind: 'product', subject: '42', views: 40 },
      { vendorId: reseller.id, day, kind: 'shop', subject: '', views: 260 },
    ]);
  });

  it('keeps the counts when the database cannot take them, for the next flush', async () => {
    const reseller = await createVendor(t.app, t.db);
    const down = new Proxy(t.db, {
      get(target, prop) {
        if (prop === 'insert')
          return () => {
            throw new Error('database unreachable');
          };
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const errors: unknown[] = [];
    const counter = createViewCounter({
      db: down,
      timeZone: t.config.BUSINESS_TIMEZONE,
      onError: (err) => errors.push(err),
    });
    counter.count({ vendorSlug: reseller.slug, kind: 'shop' }, new Date());
    counter.count({ vendorSlug: reseller.slug, kind: 'shop' }, new Date());
    await counter.flush();
    expect(errors).toHaveLength(1);
    expect(counter.pending()).toBe(2);
  });

  it('stops taking new keys past its bound between flushes', async () => {
    const counter = createViewCounter({ db: t.db, timeZone: 'Asia/Kolkata', onError: () => {}, maxKeys: 2 });
    const at = new Date();
    counter.count({ vendorSlug: 'a', kind: 'shop' }, at);
    counter.count({ vendorSlug: 'b', kind: 'shop' }, at);
    counter.count({ vendorSlug: 'c', kind: 'shop' }, at);
    counter.count({ vendorSlug: 'a', kind: 'shop' }, at);
    expect(counter.pending()).toBe(3);
  });

  it('writes what a process counted when it stops', async () => {
    const reseller = await createVendor(t.app, t.db);
    const second = await createTestApp({ database: t.database, webDistDir: fakeWebBuild() });
    await second.app.inject({ url: `/${reseller.slug}`, headers: { 'user-agent': BROWSER } });
    expect(second.app.pageViews.pending()).toBe(1);
    await second.app.close(); // the database stays open: it is this file's
    const [row] = await t.db
      .select()
      .from(pageViews)
      .where(and(eq(pageViews.vendorId, reseller.id), eq(pageViews.kind, 'shop')));
    expect(row?.views).toBe(1);
  });
});
