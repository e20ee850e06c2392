import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createCallers, type Callers } from '../../../test/catalogue-fixtures';
import { createCategory, createProduct, createVendor } from '../../../test/factories';
import {
  address,
  confirmUrl,
  orderBody,
  paymentTestApp,
  sandboxPay,
  stockOf,
  webhook,
} from '../../../test/payment-journey';
import { PAYMENT_LINK_TEXT } from '@zevar/domain';
import {
  orders,
  paymentLinks,
  products,
  quotes,
  refunds,
  sandboxPaymentLinks,
  taxDocuments,
  vendorEarnings,
} from '../../db/schema';
import { createSandboxGateway } from './sandbox-gateway';
import { tooManyLinks } from './payment-links.service';
import { reconcilePayments } from './reconciler';

const t = paymentTestApp();
let who: Callers;
beforeAll(async () => {
  who = await createCallers(t.app, t.db);
});

const buyer = { buyerName: 'Meera Iyer', buyerPhone: '9812345678', shippingAddress: address };
type Vendor = Awaited<ReturnType<typeof createVendor>>;

/** A reseller's quote for one piece (₹52,000, commission ₹2,000), `stock` in stock. */
async function quoteOfReseller(stock = 3) {
  const piece = await createProduct(t.db, {
    pricePaise: 5_200_000,
    vendorCommissionPaise: 200_000,
    stock,
    categoryId: (await createCategory(t.db)).id,
  });
  const vendor = await createVendor(t.app, t.db, { plan: 'PREMIUM' });
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/vendor/quotes',
    headers: vendor.headers,
    payload: { items: [{ productId: piece.id, quantity: 1 }], validityHours: 24 },
  });
  expect(made.statusCode, made.body).toBe(201);
  return { piece, vendor, code: made.json().code as string, total: made.json().total as number };
}

const makeLink = (headers: Record<string, string>, code: string, payload: object = buyer, scope = 'vendor') =>
  t.app.inject({ method: 'POST', url: `/api/${scope}/quotes/${code}/payment-links`, headers, payload });

async function linkFor(vendor: Vendor, code: string) {
  const res = await makeLink(vendor.headers, code);
  expect(res.statusCode, res.body).toBe(201);
  const dto = res.json() as { id: string; url: string; status: string; amount: number };
  const [row] = await t.db.select().from(paymentLinks).where(eq(paymentLinks.id, dto.id));
  return { dto, row: row! };
}

/** The buyer presses Pay on the sandbox's hosted page (which sends the signed webhook itself). */
const payOnPage = (providerLinkId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/sandbox/link/${providerLinkId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

const sandboxOf = () =>
  createSandboxGateway(
    t.db,
    {
      keyId: t.config.paymentKeyId,
      keySecret: t.config.paymentKeySecret,
      webhookSecret: t.config.webhookSecret,
    },
    { baseUrl: '', now: t.now },
  );

const ordersOfQuote = async (providerLinkId: string) =>
  t.db.select().from(orders).where(eq(orders.providerOrderId, providerLinkId));

describe('payment links: making, listing, cancelling', () => {
  it('a reseller makes a link for its quote: the quote’s amount, expiring with the quote; listed with its status', async () => {
    t.resetClock();
    const { vendor, code, total } = await quoteOfReseller();
    const { dto, row } = await linkFor(vendor, code);
    expect(dto).toMatchObject({ status: 'created', amount: total, quoteCode: code, buyerName: 'Meera Iyer' });
    expect(dto.url).toMatch(/\/sandbox\/link\/plink_/);
    expect(row.amountPaise).toBe(total * 100);
    // The default expiry is the quote's validity.
    const quoteValid = (await t.app.inject({ method: 'GET', url: `/api/quotes/${code}` })).json().validUntil;
    expect(row.expiresAt.toISOString()).toBe(quoteValid);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/vendor/payment-links',
      headers: vendor.headers,
    });
    expect(list.json().map((l: { id: string }) => l.id)).toContain(dto.id);
    // One open link per quote.
    expect((await makeLink(vendor.headers, code)).statusCode).toBe(409);
  });

  it('refuses bad input with a 400, never a 500', async () => {
    const { vendor, code } = await quoteOfReseller();
    const later = new Date(t.now().getTime() + 48 * 3_600_000).toISOString();
    for (const payload of [
      {},
      { ...buyer, buyerPhone: '12' },
      { ...buyer, buyerEmail: 'no-at-sign' },
      { ...buyer, shippingAddress: { ...address, postalCode: 'abc' } },
      { ...buyer, expiresAt: 'soon' },
      { ...buyer, amount: 1 },
      { ...buyer, expiresAt: later }, // after the quote's validity
      { ...buyer, expiresAt: new Date(t.now().getTime() - 60_000).toISOString() },
    ]) {
      const res = await makeLink(vendor.headers, code, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('code');
    }
    expect((await makeLink(vendor.headers, 'not-a-code!')).statusCode).toBe(400);
    const cancelBad = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/payment-links/not-a-uuid/cancel',
      headers: vendor.headers,
    });
    expect(cancelBad.statusCode).toBe(400);
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/link/<script>' });
    expect(page.statusCode).toBe(400);
  });

  it('a reseller makes at most PAYMENT_LINKS_PER_RESELLER_PER_DAY links a day (each texts a phone it typed); staff are not limited', async () => {
    const { vendor, code } = await quoteOfReseller();
    const { row } = await linkFor(vendor, code);
    const limit = t.config.PAYMENT_LINKS_PER_RESELLER_PER_DAY;
    // The day's earlier links (cancelled since, so the quotes could have new ones: they still count).
    await t.db.insert(paymentLinks).values(
      Array.from({ length: limit - 1 }, (_, i) => ({
        ...row,
        id: crypto.randomUUID(),
        providerLinkId: `${row.providerLinkId}_${i}`,
        status: 'cancelled' as const,
      })),
    );
    const next = await quoteOfReseller();
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/quotes',
      headers: vendor.headers,
      payload: { items: [{ productId: next.piece.id, quantity: 1 }] },
    });
    const refused = await makeLink(vendor.headers, made.json().code);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(tooManyLinks(limit));
    expect((await makeLink(who.superAdmin, made.json().code, buyer, 'admin')).statusCode).toBe(201);
  });

  it('a reseller reaches only its own quotes and links; staff who manage orders reach any', async () => {
    const { vendor, code } = await quoteOfReseller();
    const other = await createVendor(t.app, t.db, { plan: 'PREMIUM' });
    expect((await makeLink(other.headers, code)).statusCode).toBe(404);
    expect((await makeLink({}, code)).statusCode).toBe(401);
    expect((await makeLink(vendor.headers, code, buyer, 'admin')).statusCode).toBe(403);
    expect((await makeLink(who.products, code, buyer, 'admin')).statusCode).toBe(403);

    const byStaff = await makeLink(who.orders, code, buyer, 'admin');
    expect(byStaff.statusCode, byStaff.body).toBe(201);
    const id = byStaff.json().id as string;
    const adminList = await t.app.inject({
      method: 'GET',
      url: `/api/admin/payment-links?quote=${code}`,
      headers: who.orders,
    });
    expect(adminList.json().content.map((l: { id: string }) => l.id)).toEqual([id]);
    const otherList = await t.app.inject({
      method: 'GET',
      url: '/api/vendor/payment-links',
      headers: other.headers,
    });
    expect(otherList.json()).toEqual([]);

    const cancelByOther = await t.app.inject({
      method: 'POST',
      url: `/api/vendor/payment-links/${id}/cancel`,
      headers: other.headers,
    });
    expect(cancelByOther.statusCode).toBe(404);
    // The quote's own reseller sees the staff's link and may cancel it.
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/vendor/payment-links/${id}/cancel`,
      headers: vendor.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
  });

  it('a cancelled link cannot be paid or cancelled again; an expired link cannot be paid and the job marks it', async () => {
    t.resetClock();
    const a = await quoteOfReseller();
    const { dto, row } = await linkFor(a.vendor, a.code);
    const cancel = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/vendor/payment-links/${dto.id}/cancel`,
        headers: a.vendor.headers,
      });
    expect((await cancel()).statusCode).toBe(200);
    expect((await cancel()).statusCode).toBe(409);
    expect((await payOnPage(row.providerLinkId)).statusCode).toBe(409);
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/link/${row.providerLinkId}` });
    expect(page.body).toContain('This payment link was cancelled');
    // Its look comes from a stylesheet of the sandbox's own: the content security policy allows no inline style.
    expect(page.body).not.toContain('<style');
    expect(page.headers['content-security-policy']).toMatch(/style-src 'self'/);
    const css = await t.app.inject({ method: 'GET', url: '/sandbox/link.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain('.amount{');
    expect(await ordersOfQuote(row.providerLinkId)).toHaveLength(0);

    const b = await quoteOfReseller();
    const expiring = await linkFor(b.vendor, b.code);
    t.advance(25 * 3_600_000);
    expect((await payOnPage(expiring.row.providerLinkId)).statusCode).toBe(409);
    const report = await reconcilePayments(t.ctx());
    expect(report.paymentLinks.expired).toBeGreaterThanOrEqual(1);
    const [marked] = await t.db.select().from(paymentLinks).where(eq(paymentLinks.id, expiring.dto.id));
    expect(marked!.status).toBe('expired');
    expect(await ordersOfQuote(expiring.row.providerLinkId)).toHaveLength(0);
    // A link for an expired quote is not made.
    expect((await makeLink(b.vendor.headers, b.code)).statusCode).toBe(409);
    t.resetClock();
  });
});

describe('payment links: the admin’s list', () => {
  const adminList = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/payment-links?${query}`, headers: who.orders });
  const ids = (res: { json: () => { content: Array<{ id: string }> } }) =>
    res.json().content.map((l) => l.id);

  it('pages every link newest first, filters by status (as shown) and shop, searches by quote code or buyer’s phone', async () => {
    t.resetClock();
    const a = await quoteOfReseller();
    const b = await quoteOfReseller();
    const c = await quoteOfReseller();
    // Made a second apart (the app's clock stands still otherwise): newest first is well defined.
    const first = await linkFor(a.vendor, a.code);
    t.advance(1000);
    const second = (
      await makeLink(who.orders, b.code, { ...buyer, buyerPhone: '9123400001' }, 'admin')
    ).json().id as string;
    t.advance(1000);
    const third = await linkFor(c.vendor, c.code);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/payment-links/${third.dto.id}/cancel`,
      headers: who.orders,
    });

    const page = await adminList('size=2&page=0');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ size: 2, number: 0 });
    expect(page.json().totalElements).toBeGreaterThanOrEqual(3);
    expect(ids(page)).toEqual([third.dto.id, second]);
    expect(ids(await adminList(`vendor=${a.vendor.slug}`))).toEqual([first.dto.id]);
    expect(ids(await adminList(`search=${b.code}`))).toEqual([second]);
    expect(ids(await adminList('search=9123400001'))).toEqual([second]);
    expect(ids(await adminList('search=%2B91%2091234%2000001'))).toEqual([second]); // written as a shopper does
    const cancelled = ids(await adminList('status=cancelled&size=100'));
    expect(cancelled).toContain(third.dto.id);
    expect(cancelled).not.toContain(first.dto.id);

    // An open link past its expiry reads expired, in the list and in the filter.
    // (Its expiry moved into the past rather than the clock forward: staff sessions would end too.)
    await t.db
      .update(paymentLinks)
      .set({ expiresAt: new Date(t.now().getTime() - 60_000) })
      .where(eq(paymentLinks.id, first.dto.id));
    const expired = await adminList(`status=expired&vendor=${a.vendor.slug}`);
    expect(expired.json().content).toMatchObject([{ id: first.dto.id, status: 'expired' }]);
    expect(ids(await adminList(`status=created&vendor=${a.vendor.slug}`))).toEqual([]);
    t.resetClock();
  });

  it('refuses bad filters with a 400 and other roles with a 403', async () => {
    for (const query of [
      'status=open',
      'vendor=Not%20A%20Shop',
      'size=0',
      'page=-1',
      'colour=red',
      'quote=x!',
    ])
      expect((await adminList(query)).statusCode, query).toBe(400);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payment-links',
      headers: who.products,
    });
    expect(other.statusCode).toBe(403);
  });
});

describe('payment links: paid exactly once', () => {
  it('paying on the sandbox page makes one confirmed order at the quoted price, invoiced and credited to the reseller', async () => {
    t.resetClock();
    const { piece, vendor, code, total } = await quoteOfReseller(2);
    const { dto, row } = await linkFor(vendor, code);
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/link/${row.providerLinkId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Meera Iyer');

    const paid = await payOnPage(row.providerLinkId);
    expect(paid.statusCode, paid.body).toBe(303);
    expect(paid.headers.location).toBe(`http://localhost:${t.config.PORT}/q/${code}`);

    const [order, ...more] = await ordersOfQuote(row.providerLinkId);
    expect(more).toHaveLength(0);
    expect(order).toMatchObject({
      status: 'CONFIRMED',
      paymentStatus: 'CAPTURED',
      finalAmountPaise: total * 100,
      attributedVendorId: vendor.id,
      attributionSource: 'payment_link',
      customerName: 'Meera Iyer',
      customerPhone: '9812345678',
    });
    expect((await stockOf(t.db, piece.id)).stock).toBe(1);
    const earned = await t.db.select().from(vendorEarnings).where(eq(vendorEarnings.orderId, order!.id));
    expect(earned.map((e) => [e.vendorId, e.amountPaise])).toEqual([[vendor.id, 200_000]]);
    const invoices = await t.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order!.id));
    expect(invoices.map((d) => d.kind)).toEqual(['INVOICE']);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/vendor/payment-links',
      headers: vendor.headers,
    });
    expect(list.json().find((l: { id: string }) => l.id === dto.id)).toMatchObject({
      status: 'paid',
      orderNumber: order!.orderNumber,
    });
    // Paid: it cannot be cancelled, nor paid again, nor used for a second link.
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/vendor/payment-links/${dto.id}/cancel`,
      headers: vendor.headers,
    });
    expect(cancel.statusCode).toBe(409);
    expect((await payOnPage(row.providerLinkId)).statusCode).toBe(409);
    expect((await makeLink(vendor.headers, code)).statusCode).toBe(409);
  });

  it('duplicate, replayed and concurrent webhooks and the reconciler racing them give one order and one ledger entry', async () => {
    t.resetClock();
    const { piece, vendor, code } = await quoteOfReseller(2);
    const { row } = await linkFor(vendor, code);
    // Paid at the provider; the event is not delivered yet.
    const paid = await sandboxOf().payLink(row.providerLinkId);
    const event = JSON.parse(paid.body.toString('utf8')) as object;
    const results = await Promise.all([
      webhook(t.app, t.config, event, paid.eventId),
      webhook(t.app, t.config, event, paid.eventId),
      webhook(t.app, t.config, event, `${paid.eventId}-retry`),
      reconcilePayments(t.ctx()),
    ]);
    for (const res of results.slice(0, 3)) expect((res as { statusCode: number }).statusCode).toBe(200);
    // A replay later, under a new event id, and another reconciler run.
    const replay = await webhook(t.app, t.config, event, `${paid.eventId}-replay`);
    expect(replay.json().status).toBe('already-settled');
    await reconcilePayments(t.ctx());

    const made = await ordersOfQuote(row.providerLinkId);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: 'CONFIRMED', paymentStatus: 'CAPTURED' });
    const earned = await t.db.select().from(vendorEarnings).where(eq(vendorEarnings.orderId, made[0]!.id));
    expect(earned).toHaveLength(1);
    expect((await stockOf(t.db, piece.id)).stock).toBe(1);
  });

  it('a webhook with a bad signature changes nothing', async () => {
    const { vendor, code } = await quoteOfReseller();
    const { row } = await linkFor(vendor, code);
    const paid = await sandboxOf().payLink(row.providerLinkId);
    const res = await webhook(
      t.app,
      t.config,
      JSON.parse(paid.body.toString('utf8')) as object,
      'evt_x',
      'ab'.repeat(32),
    );
    expect(res.statusCode).toBe(400);
    expect(await ordersOfQuote(row.providerLinkId)).toHaveLength(0);
  });

  it('a piece sold out by payment time: the order is cancelled and the payment refunded, once', async () => {
    t.resetClock();
    const { piece, vendor, code } = await quoteOfReseller(1);
    const { row } = await linkFor(vendor, code);
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, piece.id)); // sold elsewhere
    const paid = await sandboxOf().payLink(row.providerLinkId);
    const event = JSON.parse(paid.body.toString('utf8')) as object;
    await webhook(t.app, t.config, event, paid.eventId);
    await webhook(t.app, t.config, event, `${paid.eventId}-again`);

    const [order, ...more] = await ordersOfQuote(row.providerLinkId);
    expect(more).toHaveLength(0);
    expect(order!.status).toBe('CANCELLED');
    expect(['REFUND_PENDING', 'REFUNDED']).toContain(order!.paymentStatus);
    const made = await t.db.select().from(refunds).where(eq(refunds.orderId, order!.id));
    expect(made).toHaveLength(1);
    expect(made[0]!.amountPaise).toBe(order!.finalAmountPaise);
    expect(
      await t.db.select().from(vendorEarnings).where(eq(vendorEarnings.orderId, order!.id)),
    ).toHaveLength(0);
    expect((await stockOf(t.db, piece.id)).stock).toBe(0);
  });

  it('a payment the provider took for a link already expired here (the job raced it) is refunded', async () => {
    t.resetClock();
    const { vendor, code } = await quoteOfReseller(2);
    const { row } = await linkFor(vendor, code);
    await t.db.update(paymentLinks).set({ status: 'expired' }).where(eq(paymentLinks.id, row.id));
    const paid = await payOnPage(row.providerLinkId); // the provider's side still took it
    expect(paid.statusCode).toBe(303);
    const [order] = await ordersOfQuote(row.providerLinkId);
    expect(order!.status).toBe('CANCELLED');
    expect(['REFUND_PENDING', 'REFUNDED']).toContain(order!.paymentStatus);
    const [sandboxLink] = await t.db
      .select()
      .from(sandboxPaymentLinks)
      .where(and(eq(sandboxPaymentLinks.id, row.providerLinkId)));
    expect(
      await t.db.select().from(refunds).where(eq(refunds.providerPaymentId, sandboxLink!.paymentId!)),
    ).toHaveLength(1);
  });
});

describe('one quote, one purchase: Buy now and a payment link', () => {
  let network = 0;
  /** Buy now on the quote's page and the order placed from it: it waits for its payment. */
  async function buyNowOrder(code: string, vendorSlug: string, sku: string) {
    const buy = await t.app.inject({ method: 'POST', url: `/api/quotes/${code}/checkout` });
    expect(buy.statusCode, buy.body).toBe(200);
    network += 1;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/initiate-order',
      payload: orderBody(vendorSlug, [{ productSku: sku, quantity: 1 }], {
        checkoutId: buy.json().checkoutId,
      }),
      remoteAddress: `198.51.100.${network}`,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    return placed.json() as { orderId: string; razorpayOrderId: string };
  }
  const ordersOfQuoteCode = async (code: string) => {
    const [quote] = await t.db.select().from(quotes).where(eq(quotes.code, code));
    return t.db.select().from(orders).where(eq(orders.quoteId, quote!.id));
  };
  const refundsOf = (orderId: string) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const linkRow = async (id: string) =>
    (await t.db.select().from(paymentLinks).where(eq(paymentLinks.id, id)))[0]!;

  it('Buy now says the quote is being paid through its open link, and works again once the link is cancelled', async () => {
    t.resetClock();
    const { vendor, code } = await quoteOfReseller();
    const { dto } = await linkFor(vendor, code);
    const buy = () => t.app.inject({ method: 'POST', url: `/api/quotes/${code}/checkout` });
    const refused = await buy();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PAYMENT_LINK_TEXT.beingPaidByLink);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/vendor/payment-links/${dto.id}/cancel`,
      headers: vendor.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await buy()).statusCode).toBe(200);
  });

  it('an order from a Buy-now checkout opened before the link is not placed while the link is open', async () => {
    t.resetClock();
    const { piece, vendor, code } = await quoteOfReseller();
    const buy = await t.app.inject({ method: 'POST', url: `/api/quotes/${code}/checkout` });
    expect(buy.statusCode).toBe(200);
    await linkFor(vendor, code);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/initiate-order',
      payload: orderBody(vendor.slug, [{ productSku: piece.sku, quantity: 1 }], {
        checkoutId: buy.json().checkoutId,
      }),
      remoteAddress: '198.51.100.200',
    });
    expect(placed.statusCode).toBe(409);
    expect(placed.json().message).toBe(PAYMENT_LINK_TEXT.beingPaidByLink);
    expect(await ordersOfQuoteCode(code)).toHaveLength(0);
  });

  it('a Buy-now payment cancels the quote’s open link at the provider and here; it can no longer be paid', async () => {
    t.resetClock();
    const { piece, vendor, code } = await quoteOfReseller(2);
    const waiting = await buyNowOrder(code, vendor.slug, piece.sku);
    const { dto, row } = await linkFor(vendor, code); // made while the buyer's own payment is open
    const confirmed = await t.app.inject({
      method: 'POST',
      url: confirmUrl(await sandboxPay(t.app, waiting.razorpayOrderId)),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await linkRow(dto.id)).status).toBe('cancelled');
    const [atProvider] = await t.db
      .select()
      .from(sandboxPaymentLinks)
      .where(eq(sandboxPaymentLinks.id, row.providerLinkId));
    expect(atProvider!.status).toBe('cancelled');
    expect((await payOnPage(row.providerLinkId)).statusCode).toBe(409);
    const made = await ordersOfQuoteCode(code);
    expect(made.map((o) => o.status)).toEqual(['CONFIRMED']);
  });

  it('a link paid while a Buy-now order waits: the Buy-now payment that follows is refunded, once', async () => {
    t.resetClock();
    const { piece, vendor, code } = await quoteOfReseller(2);
    const waiting = await buyNowOrder(code, vendor.slug, piece.sku);
    const { row } = await linkFor(vendor, code);
    expect((await payOnPage(row.providerLinkId)).statusCode).toBe(303);
    const [linkOrder] = await ordersOfQuote(row.providerLinkId);
    expect(linkOrder!.status).toBe('CONFIRMED');

    const late = confirmUrl(await sandboxPay(t.app, waiting.razorpayOrderId));
    const first = await t.app.inject({ method: 'POST', url: late });
    expect(first.statusCode).toBeLessThan(500);
    await t.app.inject({ method: 'POST', url: late }); // reported again
    await reconcilePayments(t.ctx());

    const [buyNow] = await t.db.select().from(orders).where(eq(orders.id, waiting.orderId));
    expect(buyNow!.status).toBe('CANCELLED');
    expect(['REFUND_PENDING', 'REFUNDED']).toContain(buyNow!.paymentStatus);
    const back = await refundsOf(buyNow!.id);
    expect(back).toHaveLength(1);
    expect(back[0]!.amountPaise).toBe(buyNow!.finalAmountPaise);
    expect(
      await t.db.select().from(vendorEarnings).where(eq(vendorEarnings.orderId, buyNow!.id)),
    ).toHaveLength(0);
    const made = await ordersOfQuoteCode(code);
    expect(made.filter((o) => o.status === 'CONFIRMED').map((o) => o.id)).toEqual([linkOrder!.id]);
    expect((await stockOf(t.db, piece.id)).stock).toBe(1);
  });

  it('Buy now and the link paid at the same moment: one order is paid, the other payment is refunded once', async () => {
    for (let round = 0; round < 4; round += 1) {
      t.resetClock();
      const { piece, vendor, code } = await quoteOfReseller(3);
      const waiting = await buyNowOrder(code, vendor.slug, piece.sku);
      const { row } = await linkFor(vendor, code);
      // Both buyers have paid at the provider; the two reports arrive together.
      const linkPaid = await sandboxOf().payLink(row.providerLinkId);
      const buyNowPaid = confirmUrl(await sandboxPay(t.app, waiting.razorpayOrderId));
      const event = JSON.parse(linkPaid.body.toString('utf8')) as object;
      const reports = [
        () => t.app.inject({ method: 'POST', url: buyNowPaid }),
        () => webhook(t.app, t.config, event, linkPaid.eventId),
        () => webhook(t.app, t.config, event, `${linkPaid.eventId}-retry`),
      ];
      // Each order of arrival in turn (on PGlite the first one started tends to settle first).
      if (round % 2 === 1) reports.reverse();
      const answers = await Promise.all([...reports.map((r) => r()), reconcilePayments(t.ctx())]);
      for (const res of answers.slice(0, 3))
        expect((res as { statusCode: number }).statusCode).toBeLessThan(500);
      await reconcilePayments(t.ctx());

      const made = await ordersOfQuoteCode(code);
      expect(made).toHaveLength(2);
      const paid = made.filter((o) => o.status === 'CONFIRMED');
      expect(paid, `round ${round}`).toHaveLength(1);
      const [other] = made.filter((o) => o.status !== 'CONFIRMED');
      expect(other!.status).toBe('CANCELLED');
      expect(['REFUND_PENDING', 'REFUNDED']).toContain(other!.paymentStatus);
      expect(await refundsOf(other!.id)).toHaveLength(1);
      expect(await refundsOf(paid[0]!.id)).toHaveLength(0);
      const earned = await t.db.select().from(vendorEarnings).where(eq(vendorEarnings.orderId, other!.id));
      expect(earned).toHaveLength(0);
      expect((await stockOf(t.db, piece.id)).stock).toBe(2);
    }
  });
});
