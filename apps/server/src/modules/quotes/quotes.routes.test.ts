import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, goldNecklace, type Callers } from '../../../test/catalogue-fixtures';
import { createProduct, createVendor, uid } from '../../../test/factories';
import { confirmUrl, initiate, orderBody, sandboxPay } from '../../../test/payment-journey';
import { orderItems, orders, quotes, users, vendorEarnings } from '../../db/schema';
import { createReferralCookies } from '../../lib/referral-cookie';
import { storefrontPageVisit } from '../seo';

let t: TestApp;
let who: Callers;
let clock = new Date('2026-11-20T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  who = await createCallers(t.app, t.db);
});
afterAll(async () => t.close());

/** The shared 22K necklace (₹63,401.86) with a commission of ₹2,000, and a reseller. */
async function necklaceAndReseller(plan: 'FREE' | 'PREMIUM' = 'PREMIUM') {
  const { necklace, setGoldRate } = await goldNecklace(t.app, t.db, who.superAdmin, {
    vendorCommissionPaise: 200_000,
  });
  const vendor = await createVendor(t.app, t.db, { plan });
  return { necklace, vendor, setRate: setGoldRate };
}

type Vendor = Awaited<ReturnType<typeof createVendor>>;
const makeQuote = (vendor: Vendor, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/vendor/quotes', headers: vendor.headers, payload });

async function pay(body: object, cookie?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/initiate-order',
    payload: body,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const placed = res.json() as { orderId: string; razorpayOrderId: string; amount: number };
  const confirmed = await t.app.inject({
    method: 'POST',
    url: confirmUrl(await sandboxPay(t.app, placed.razorpayOrderId)),
  });
  expect(confirmed.statusCode).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.orderId));
  return { placed, order: order! };
}

/** The platform's own shop (DEFAULT_VENDOR_SLUG), made once. */
async function platformShop() {
  const slug = t.config.DEFAULT_VENDOR_SLUG;
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.slug, slug));
  return { id: row?.id ?? (await createVendor(t.app, t.db, { slug, plan: 'PREMIUM' })).id, slug };
}

/** The shop lookup the page hook is given: an active vendor behind the slug. */
const shopExists = (app: TestApp) => async (slug: string) =>
  (await app.db.select({ id: users.id }).from(users).where(eq(users.slug, slug)))[0];

const cookieOf = (setCookie: string | string[] | undefined) => String(setCookie).split(';')[0]!;

describe('reseller quotes', () => {
  it('holds the quoted price across a rate change and checks out at it once; refuses after expiry', async () => {
    clock = new Date('2026-11-20T10:00:00Z');
    const { necklace, vendor, setRate } = await necklaceAndReseller();
    const made = await makeQuote(vendor, {
      items: [{ productId: necklace.id, quantity: 1 }],
      discount: 1000,
      note: 'As discussed',
    });
    expect(made.statusCode, made.body).toBe(201);
    const quote = made.json();
    expect(quote.code).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(quote.lines[0]).toMatchObject({ listPrice: 63_401.86, price: 62_401.86 });
    expect(quote.discount).toBe(1000);
    expect(quote.total).toBe(62_402);
    expect(quote.status).toBe('sent');

    await setRate(7000); // gold up: the product costs more today
    clock = new Date('2026-11-20T20:00:00Z');
    const opened = await t.app.inject({ method: 'POST', url: `/api/quotes/${quote.code}/open` });
    expect(opened.json().total).toBe(62_402);
    expect(String(opened.headers['set-cookie'])).toMatch(/^zv_ref=.*HttpOnly; SameSite=Lax/);

    const buy = () => t.app.inject({ method: 'POST', url: `/api/quotes/${quote.code}/checkout` });
    const first = await buy();
    const again = await buy();
    expect(first.statusCode).toBe(200);
    expect(again.json().checkoutId).toBe(first.json().checkoutId); // a double press: one checkout
    const { checkoutId } = first.json() as { checkoutId: string };
    const body = orderBody(vendor.slug, [{ productSku: necklace.sku, quantity: 1 }], { checkoutId });
    // A double submit: the first attempt is released by the second, one order is paid.
    await initiate(t.app, body);
    const { order } = await pay(body);
    expect(order.finalAmountPaise).toBe(6_240_200);
    expect(order).toMatchObject({ attributedVendorId: vendor.id, attributionSource: 'quote' });
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({ priceAtTimePaise: 6_240_186, vendorCommissionPaise: 100_000 });
    const earned = await t.db.select().from(vendorEarnings).where(eq(vendorEarnings.orderId, order.id));
    expect(earned.map((e) => e.amountPaise)).toEqual([100_000]); // the discount came out of the commission
    const paidOrders = await t.db.select().from(orders).where(eq(orders.quoteId, order.quoteId!));
    expect(paidOrders.filter((o) => o.paymentStatus === 'CAPTURED')).toHaveLength(1);

    const bought = await buy();
    expect(bought.statusCode).toBe(409);
    expect(bought.json().message).toBe('This quote has already been bought');
    const list = await t.app.inject({ method: 'GET', url: '/api/vendor/quotes', headers: vendor.headers });
    expect(list.json()[0]).toMatchObject({
      code: quote.code,
      status: 'converted',
      orderNumber: order.orderNumber,
    });

    const later = (await makeQuote(vendor, { items: [{ productId: necklace.id, quantity: 1 }] })).json();
    clock = new Date(clock.getTime() + 25 * 3_600_000);
    const expired = await t.app.inject({ method: 'POST', url: `/api/quotes/${later.code}/checkout` });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe('This quote has expired');
    const view = (await t.app.inject({ method: 'GET', url: `/api/quotes/${later.code}` })).json();
    expect(view.status).toBe('expired');
    expect(view.today.total).toBe(later.total); // today's price is offered
    expect(view.today.total).toBeGreaterThan(quote.total);
  });

  it('refuses a discount above the commission on the lines, and above the plan’s limit', async () => {
    const { necklace, vendor } = await necklaceAndReseller();
    const above = await makeQuote(vendor, {
      items: [{ productId: necklace.id, quantity: 1 }],
      discount: 2000.01,
    });
    expect(above.statusCode).toBe(400);
    expect(above.json().issues[0].path).toBe('discount');
    expect(above.json().message).toMatch(/commission/);
    const exact = await makeQuote(vendor, {
      items: [{ productId: necklace.id, quantity: 1 }],
      discount: 2000,
    });
    expect(exact.statusCode).toBe(201);
    const free = await createVendor(t.app, t.db, { plan: 'FREE' });
    // Free: 2 % of ₹63,401.86 = ₹1,268.03
    const overPlan = await makeQuote(free, {
      items: [{ productId: necklace.id, quantity: 1 }],
      discount: 1300,
    });
    expect(overPlan.statusCode).toBe(400);
    expect(overPlan.json().message).toMatch(/Your plan allows a discount of up to 2%/);
  });

  it('answers malformed input with 400 or 404, never 500', async () => {
    const { vendor } = await necklaceAndReseller();
    const bodies = [
      {},
      { items: [] },
      { items: [{ productId: 'x', quantity: 1 }] },
      { items: [{ productId: 1, quantity: 0 }] },
      { items: [{ productId: 1, quantity: 1 }], discount: -1 },
      { items: [{ productId: 1, quantity: 1 }], discount: 1.001 },
      { items: [{ productId: 1, quantity: 1 }], validityHours: 0 },
      { items: [{ productId: 1, quantity: 1 }], note: 'x'.repeat(501) },
      { items: [{ productId: 1, quantity: 1 }], extra: true },
    ];
    for (const payload of bodies) expect((await makeQuote(vendor, payload)).statusCode).toBe(400);
    expect((await makeQuote(vendor, { items: [{ productId: 2_000_000_000, quantity: 1 }] })).statusCode).toBe(
      409,
    );
    for (const code of ['short', 'x'.repeat(300), '%00', 'AAAAAAAAAAAA'])
      for (const url of [`/api/quotes/${code}`, `/api/quotes/${code}/open`, `/api/quotes/${code}/checkout`]) {
        const res = await t.app.inject({ method: url.endsWith(code) ? 'GET' : 'POST', url });
        expect([400, 404]).toContain(res.statusCode);
      }
  });

  it('holds the quoted price for a checkout started before the validity ends, for that checkout’s window only', async () => {
    clock = new Date('2026-11-20T10:00:00Z');
    const { necklace, vendor, setRate } = await necklaceAndReseller();
    const quote = (
      await makeQuote(vendor, {
        items: [{ productId: necklace.id, quantity: 1 }],
        discount: 1000,
        validityHours: 1,
      })
    ).json();
    await setRate(7000);
    const minutes = t.config.RESERVATION_MINUTES;
    const buy = () => t.app.inject({ method: 'POST', url: `/api/quotes/${quote.code}/checkout` });
    // Buy now a minute before the validity ends: the checkout holds the quoted price for its window.
    clock = new Date('2026-11-20T10:59:00Z');
    const { checkoutId } = (await buy()).json() as { checkoutId: string };
    const body = orderBody(vendor.slug, [{ productSku: necklace.sku, quantity: 1 }], { checkoutId });
    // Past the validity but within the checkout's window: the quoted price, the reduced commission.
    clock = new Date(Date.parse('2026-11-20T10:59:00Z') + (minutes - 1) * 60_000);
    expect((await buy()).statusCode).toBe(409); // no new checkout once the quote has expired
    const placed = await initiate(t.app, body);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().amount).toBe(62_402);

    // Another buyer's checkout left past its window: refused, then priced again at today's rate.
    clock = new Date('2026-11-20T12:00:00Z');
    const second = (
      await makeQuote(vendor, {
        items: [{ productId: necklace.id, quantity: 1 }],
        discount: 1000,
        validityHours: 1,
      })
    ).json();
    clock = new Date('2026-11-20T12:59:00Z');
    const late = (await t.app.inject({ method: 'POST', url: `/api/quotes/${second.code}/checkout` })).json();
    clock = new Date(Date.parse('2026-11-20T12:59:00Z') + (minutes + 1) * 60_000);
    const lateBody = orderBody(vendor.slug, [{ productSku: necklace.sku, quantity: 1 }], {
      checkoutId: late.checkoutId,
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders/initiate-order',
      payload: lateBody,
    });
    expect(refused.statusCode).toBe(409);
    const repriced = await t.app.inject({ method: 'POST', url: `/api/checkout/${late.checkoutId}/reprice` });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(repriced.json().previousTotal).toBe(second.total); // the quoted total (₹1,000 off)
    expect(repriced.json().totalAmount).toBe(Math.ceil(second.lines[0].listPrice)); // today's, no discount
    const { order } = await pay({ ...lateBody, amount: undefined });
    expect(order).toMatchObject({ attributedVendorId: vendor.id, attributionSource: 'quote' });
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line?.vendorCommissionPaise).toBe(200_000); // the full commission at today's price
  });

  it('shows another reseller’s quotes to nobody but its reseller', async () => {
    const { necklace, vendor } = await necklaceAndReseller();
    await makeQuote(vendor, { items: [{ productId: necklace.id, quantity: 1 }] });
    const other = await createVendor(t.app, t.db);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/vendor/quotes', headers: other.headers });
    expect(theirs.json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/vendor/quotes' })).statusCode).toBe(401);
  });
});

describe('attribution', () => {
  const referral = () => createReferralCookies(t.config.JWT_SECRET, t.config.ATTRIBUTION_WINDOW_DAYS);
  const cookie = (slug: string, source: 'shop' | 'product' | 'quote', at: Date) =>
    cookieOf(referral().header(slug, source, at, false));

  it('credits the shop’s reseller, with the product link as its source', async () => {
    const { necklace, vendor } = await necklaceAndReseller();
    const direct = await pay(orderBody(vendor.slug, [{ productSku: necklace.sku, quantity: 1 }]));
    expect(direct.order).toMatchObject({
      attributedVendorId: vendor.id,
      attributionSource: 'shop',
      quoteId: null,
    });
    const viaProduct = await pay(
      orderBody(vendor.slug, [{ productSku: necklace.sku, quantity: 1 }]),
      cookie(vendor.slug, 'product', clock),
    );
    expect(viaProduct.order.attributionSource).toBe('product');
  });

  it('credits the reseller whose link brought the buyer to the platform’s shop within the window only', async () => {
    const { necklace, vendor } = await necklaceAndReseller();
    const platformSlug = (await platformShop()).slug;
    const body = orderBody(platformSlug, [{ productSku: necklace.sku, quantity: 1 }]);
    const within = new Date(clock.getTime() - 6 * 86_400_000);
    const credited = await pay(body, cookie(vendor.slug, 'shop', within));
    expect(credited.order).toMatchObject({
      attributedVendorId: vendor.id,
      attributedVendorSlug: vendor.slug,
    });
    const earned = await t.db
      .select()
      .from(vendorEarnings)
      .where(eq(vendorEarnings.orderId, credited.order.id));
    expect(earned[0]?.vendorId).toBe(vendor.id);
    const tooOld = new Date(clock.getTime() - 8 * 86_400_000);
    const direct = await pay(body, cookie(vendor.slug, 'shop', tooOld));
    expect(direct.order.attributedVendorId).toBeNull();
    const forged = await pay(
      body,
      `zv_ref=${vendor.slug}.shop.${Math.floor(clock.getTime() / 1000)}.AAAAAAAAAAAAAAAAAAAAAA`,
    );
    expect(forged.order.attributedVendorId).toBeNull();
  });

  it('credits a reseller on the platform’s shop only with the pieces its plan may sell', async () => {
    const { necklace, vendor: premiumReseller } = await necklaceAndReseller();
    const free = await createVendor(t.app, t.db, { plan: 'FREE' });
    const premiumPiece = await createProduct(t.db, {
      plan: 'PREMIUM',
      pricePaise: 500_000,
      vendorCommissionPaise: 30_000,
    });
    const platform = await platformShop();
    const body = orderBody(platform.slug, [
      { productSku: necklace.sku, quantity: 1 },
      { productSku: premiumPiece.sku, quantity: 2 },
    ]);
    const earnedBy = async (orderId: string) =>
      (await t.db.select().from(vendorEarnings).where(eq(vendorEarnings.orderId, orderId)))
        .map((e) => [e.vendorId, e.amountPaise])
        .sort((a, b) => a[1]! - b[1]!);
    const viaFree = await pay(body, cookie(free.slug, 'shop', clock));
    expect(viaFree.order.attributedVendorId).toBe(free.id);
    // The premium piece is above the free plan: its commission stays with the shop, as without the link.
    expect(await earnedBy(viaFree.order.id)).toEqual([
      [platform.id, 60_000],
      [free.id, 200_000],
    ]);
    const viaPremium = await pay(body, cookie(premiumReseller.slug, 'product', clock));
    expect(await earnedBy(viaPremium.order.id)).toEqual([
      [premiumReseller.id, 60_000],
      [premiumReseller.id, 200_000],
    ]);
  });

  it('keeps an earlier reseller’s credit when a link names a shop that does not exist', async () => {
    const { necklace, vendor } = await necklaceAndReseller();
    const pageCookie = storefrontPageVisit(t.config, () => clock, shopExists(t));
    expect(await pageCookie(`/${vendor.slug}/product/${necklace.slug}`)).toMatch(/^zv_ref=/);
    expect(await pageCookie(`/no-such-shop-${uid()}`)).toBeUndefined();
    expect(await pageCookie(`/no-such-shop-${uid()}/product/${necklace.slug}`)).toBeUndefined();
    expect(await pageCookie(`/${t.config.DEFAULT_VENDOR_SLUG}`)).toBeUndefined();
  });

  it('shows the credited reseller in the admin order view and in the reseller’s orders', async () => {
    const { necklace, vendor } = await necklaceAndReseller();
    const { order } = await pay(orderBody(vendor.slug, [{ productSku: necklace.sku, quantity: 1 }]));
    const admin = await t.app.inject({
      method: 'GET',
      url: `/api/orders/admin/${order.orderNumber}`,
      headers: (await createCallers(t.app, t.db)).superAdmin,
    });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().attribution).toEqual({ vendorSlug: vendor.slug, source: 'shop', fromQuote: false });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/orders/vendor/${vendor.id}`,
      headers: vendor.headers,
    });
    expect(mine.json().content[0].attribution.vendorSlug).toBe(vendor.slug);
  });
});

describe('quote rows', () => {
  it('keep an unguessable code per quote', async () => {
    const { necklace, vendor } = await necklaceAndReseller();
    const a = (await makeQuote(vendor, { items: [{ productId: necklace.id, quantity: 1 }] })).json();
    const b = (await makeQuote(vendor, { items: [{ productId: necklace.id, quantity: 1 }] })).json();
    expect(a.code).not.toBe(b.code);
    const rows = await t.db.select().from(quotes).where(eq(quotes.vendorId, vendor.id));
    expect(rows).toHaveLength(2);
  });
});
