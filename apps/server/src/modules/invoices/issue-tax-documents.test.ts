import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createProduct, createVendor } from '../../../test/factories';
import { orders, taxDocuments } from '../../db/schema';
import { confirmUrl, initiate, orderBody, sandboxPay, testContext } from '../../../test/payment-journey';
import { reconcilePayments } from '../payments';

const HOUR = 3600_000;

/**
 * Issue 21 item 8: a document's date picks its financial year's series, so a server clock that jumps
 * must not number an invoice in another year. A document dated more than DOCUMENT_DATE_TOLERANCE_HOURS
 * before the last one, or opening a later financial year more than that after it, is refused (503,
 * the payment's confirmation rolls back and is retried), and issued once the clock is right.
 */
describe('a tax document dated far from the last one is refused', () => {
  let t: TestApp;
  let clock = new Date('2026-11-20T06:00:00Z').getTime();
  let vendorSlug: string;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
    vendorSlug = (await createVendor(t.app, t.db, { plan: 'BASIC' })).slug;
  });
  afterAll(async () => t.close());

  async function placeAndPay() {
    const product = await createProduct(t.db, { pricePaise: 1_000_00, stock: 5 });
    const o = (
      await initiate(t.app, orderBody(vendorSlug, [{ productSku: product.sku, quantity: 1 }]))
    ).json();
    const paid = await t.app.inject({
      method: 'POST',
      url: confirmUrl(await sandboxPay(t.app, o.razorpayOrderId)),
    });
    return { o, paid };
  }
  const jobContext = () => testContext(t.db, t.config, () => new Date(clock));
  const invoicesOf = (orderId: string) =>
    t.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId));

  it('issues within the tolerance, and inside one financial year after a quiet week', async () => {
    const first = await placeAndPay();
    expect(first.paid.json()).toEqual({ status: 'success' });
    clock += 7 * 24 * HOUR; // a quiet week: same financial year
    const later = await placeAndPay();
    expect(later.paid.json()).toEqual({ status: 'success' });
    expect(await invoicesOf(later.o.orderId)).toHaveLength(1);
  });

  it('a clock that jumped into the next financial year is refused with 503, clearly, and no invoice or confirmation', async () => {
    const product = await createProduct(t.db, { pricePaise: 1_000_00, stock: 5 });
    const o = (
      await initiate(t.app, orderBody(vendorSlug, [{ productSku: product.sku, quantity: 1 }]))
    ).json();
    const signed = await sandboxPay(t.app, o.razorpayOrderId);
    const saved = clock;
    clock = new Date('2027-05-02T06:00:00Z').getTime(); // months ahead: financial year 2027-28
    const res = await t.app.inject({ method: 'POST', url: confirmUrl(signed) });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'UNAVAILABLE',
      alert: 'document-date-refused',
      kind: 'INVOICE',
    });
    expect(res.json().message).toMatch(/^Refusing to issue an invoice dated 2027-05-02/);
    expect(res.json().message).toMatch(/Check the server clock/);
    expect(await invoicesOf(o.orderId)).toEqual([]);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(order!.status).toBe('PAYMENT_PENDING');
    const years = await t.db.select({ fy: taxDocuments.financialYear }).from(taxDocuments);
    expect(years.every((y) => y.fy === '2026-27')).toBe(true);

    // The clock is right again: the same confirmation goes through and numbers it in 2026-27.
    clock = saved + 60_000;
    const retried = await t.app.inject({ method: 'POST', url: confirmUrl(signed) });
    expect(retried.json()).toEqual({ status: 'success' });
    expect((await invoicesOf(o.orderId))[0]).toMatchObject({ financialYear: '2026-27' });
  });

  it('a clock that jumped back more than the tolerance is refused too', async () => {
    const product = await createProduct(t.db, { pricePaise: 1_000_00, stock: 5 });
    const o = (
      await initiate(t.app, orderBody(vendorSlug, [{ productSku: product.sku, quantity: 1 }]))
    ).json();
    const signed = await sandboxPay(t.app, o.razorpayOrderId);
    const saved = clock;
    clock -= 25 * HOUR;
    const res = await t.app.inject({ method: 'POST', url: confirmUrl(signed) });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('UNAVAILABLE');
    clock = saved - 23 * HOUR; // within the tolerance: a small correction is fine
    const ok = await t.app.inject({ method: 'POST', url: confirmUrl(signed) });
    expect(ok.json()).toEqual({ status: 'success' });
    clock = saved;
  });

  it('the reconciler goes past an order whose invoice is refused, and confirms it once the clock is right', async () => {
    // Paid at the gateway, no confirmation came: the reconciler finds it. Behind it, an abandoned
    // order whose hold ran out, which the same run must release even though the first one throws.
    const product = await createProduct(t.db, { pricePaise: 1_000_00, stock: 5 });
    const paid = (
      await initiate(t.app, orderBody(vendorSlug, [{ productSku: product.sku, quantity: 1 }]))
    ).json();
    await sandboxPay(t.app, paid.razorpayOrderId);
    clock += 1_000;
    const abandoned = (
      await initiate(t.app, orderBody(vendorSlug, [{ productSku: product.sku, quantity: 1 }]))
    ).json();
    const statusOf = async (id: string) =>
      (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;

    const saved = clock;
    clock = new Date('2027-05-02T06:00:00Z').getTime(); // next financial year: every invoice refused
    const refused = await reconcilePayments(jobContext());
    expect(refused.failed).toBe(1);
    expect(await statusOf(paid.orderId)).toBe('PAYMENT_PENDING');
    expect(await statusOf(abandoned.orderId)).toBe('CANCELLED');
    expect(await invoicesOf(paid.orderId)).toEqual([]);

    // The clock is right again, hours after the paid order's hold ran out: its stock is still held
    // for it (nothing released it), so it is confirmed, not refunded, and invoiced once.
    clock = saved + 2 * HOUR;
    const settled = await reconcilePayments(jobContext());
    expect(settled).toMatchObject({ confirmed: 1, failed: 0 });
    expect(await statusOf(paid.orderId)).toBe('CONFIRMED');
    expect(await invoicesOf(paid.orderId)).toHaveLength(1);
    expect((await reconcilePayments(jobContext())).confirmed).toBe(0);
    expect(await invoicesOf(paid.orderId)).toHaveLength(1);
  });
});
