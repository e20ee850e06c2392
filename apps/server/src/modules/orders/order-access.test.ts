import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createProduct, createVendor, type Actor } from '../../../test/factories';
import { emailOutbox } from '../../db/schema';
import { confirmUrl, initiate, orderBody, sandboxPay } from '../../../test/payment-journey';

/**
 * Issue 21 item 2: an order's documents (full PAN, GSTIN, address, HUIDs) and the buyer's address are
 * for the buyer's key, a signed link from the order's mail, or an order manager; never for the order
 * id alone, the shop's vendor or an admin who may only view details.
 */
describe('who may read an order’s documents and personal details', () => {
  let t: TestApp;
  let clock = Date.now();
  let manager: Actor;
  let viewer: Actor;
  let vendor: Actor & { slug: string };
  let order: { orderId: string; orderNumber: string; cancelKey: string };
  const PAN = 'ABCPE1234F';

  beforeAll(async () => {
    // Mail links are https only (the mail sanitiser drops others): the public address is https.
    t = await createTestApp({ now: () => new Date(clock), env: { PUBLIC_URL: 'https://shop.example.in' } });
    manager = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    viewer = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
    vendor = await createVendor(t.app, t.db, { plan: 'BASIC' });
    // Above the PAN threshold, so the invoice carries the buyer's PAN.
    const product = await createProduct(t.db, { pricePaise: 2_50_000_00, stock: 5 });
    const res = await initiate(
      t.app,
      orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }], { buyerPan: PAN }),
    );
    expect(res.statusCode, res.body).toBe(200);
    order = res.json();
    const paid = await t.app.inject({
      method: 'POST',
      url: confirmUrl(await sandboxPay(t.app, res.json().razorpayOrderId)),
    });
    expect(paid.json().status).toBe('success');
  });
  afterAll(async () => t.close());

  const urls = () => [
    `/api/orders/byId/${order.orderId}/invoice`,
    `/api/orders/byId/${order.orderId}/tax-documents`,
  ];
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  it('refuses the documents to the order id alone (401), a wrong key (403), a vendor and a detail viewer (403)', async () => {
    for (const url of urls()) {
      const anonymous = await get(url);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      expect((await get(url, { 'x-order-key': 'guessed-key' })).statusCode, url).toBe(403);
      expect((await get(url, vendor.headers)).statusCode, url).toBe(403);
      expect((await get(url, viewer.headers)).statusCode, url).toBe(403);
    }
  });

  it('gives the documents to the buyer’s key and to an order manager', async () => {
    for (const headers of [{ 'x-order-key': order.cancelKey }, manager.headers]) {
      const pdf = await get(urls()[0]!, headers);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const docs = await get(urls()[1]!, headers);
      expect(docs.json().invoice.number).toMatch(/^ZV\//);
    }
  });

  it('a key of another order does not open this one', async () => {
    const product = await createProduct(t.db, { pricePaise: 500_00, stock: 5 });
    const other = (
      await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]))
    ).json();
    expect((await get(urls()[0]!, { 'x-order-key': other.cancelKey })).statusCode).toBe(403);
  });

  it('the confirmation mail links to the order and invoice with a signature that works until it expires', async () => {
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `order-confirmation:${order.orderId}`));
    const hrefs = [...mail!.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    const invoiceLink = hrefs.find((h) => h.includes('/invoice?'));
    const orderLink = hrefs.find((h) => h.includes('/payment-status?'));
    // And to the tracking page with the order number filled in (issue 22 item 5).
    expect(hrefs).toContain(`https://shop.example.in/${vendor.slug}/track?order=${order.orderNumber}`);
    expect(invoiceLink).toMatch(/expires=\d+&signature=/);
    expect(orderLink).toContain(`/${vendor.slug}/payment-status?orderId=${order.orderId}&expires=`);
    expect(invoiceLink).toMatch(/^https:\/\/shop\.example\.in\/api\//);
    const path = new URL(invoiceLink!).pathname + new URL(invoiceLink!).search;
    const pdf = await get(path);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The page's link opens the buyer's full view (address included) with the same signature.
    const query = new URL(orderLink!).search.replace(/^\?orderId=[^&]+&/, '?');
    const view = await get(`/api/orders/byId/${order.orderId}${query}`);
    expect(view.json().shippingAddress).toMatchObject({ postalCode: '560025' });

    // Tampered: another expiry, another order, a changed signature.
    const link = new URL(invoiceLink!);
    const expires = Number(link.searchParams.get('expires'));
    const signature = link.searchParams.get('signature')!;
    const tampered = [
      `/api/orders/byId/${order.orderId}/invoice?expires=${expires + 86_400}&signature=${signature}`,
      `/api/orders/byId/${order.orderId}/invoice?expires=${expires}&signature=${signature.slice(0, -2)}AA`,
    ];
    for (const url of tampered) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    const product = await createProduct(t.db, { pricePaise: 500_00, stock: 5 });
    const other = (
      await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]))
    ).json();
    const foreign = await get(`/api/orders/byId/${other.orderId}/tax-documents${link.search}`);
    expect(foreign.statusCode).toBe(403);

    // Expired: the default is 30 days (DOCUMENT_LINK_DAYS).
    clock += 31 * 24 * 3600 * 1000;
    const expired = await get(path);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toMatch(/expired/);
    clock = Date.now();
  });

  it('a malformed signed link is a 400 or 403, never a 500', async () => {
    for (const q of [
      '?expires=abc&signature=x',
      '?expires=1&signature=',
      '?signature=x',
      '?expires=99999999999999999999&signature=x',
    ]) {
      const res = await get(`/api/orders/byId/${order.orderId}/invoice${q}`);
      expect([400, 401, 403], q).toContain(res.statusCode);
    }
  });

  it('the vendor’s answers carry no PAN: its order list, the order status and the vendor dashboard', async () => {
    const vendorUrls = [
      `/api/orders/vendor/${vendor.id}`,
      `/api/orders/byId/${order.orderId}`,
      '/api/vendor/products',
      `/api/vendor-payouts/vendor/${vendor.id}`,
      `/api/user/${vendor.id}`,
    ];
    for (const url of vendorUrls) {
      const res = await get(url, vendor.headers);
      expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300);
      expect(res.body, url).not.toContain(PAN);
      expect(res.body, url).not.toContain('1234F');
    }
    const list = await get(`/api/orders/vendor/${vendor.id}`, vendor.headers);
    expect(list.body).toContain(order.orderNumber);
  });

  it('the order id alone shows no address or phone; the key shows them', async () => {
    const bare = await get(`/api/orders/byId/${order.orderId}`);
    expect(bare.json()).toMatchObject({ shippingAddress: null, customerName: null });
    expect(bare.body).not.toContain('9876543210');
    const mine = await get(`/api/orders/byId/${order.orderId}`, { 'x-order-key': order.cancelKey });
    expect(mine.json().shippingAddress).toMatchObject({ phone: '9876543210' });
    expect(mine.body).not.toContain(PAN);
  });
});
