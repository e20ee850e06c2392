import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { AdminRole } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createProduct, createVendor, uid, type Actor } from '../../../test/factories';
import { orderStatusHistory, orders, products, vendorEarnings } from '../../db/schema';
import { confirmUrl, initiate, orderBody, sandboxPay, stockOf } from '../../../test/payment-journey';

let t: TestApp;
let manager: Actor;
beforeAll(async () => {
  t = await createTestApp();
  manager = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
});
afterAll(async () => t.close());

type Placed = { orderNumber: string; orderId: string; productId: number; vendorId: number };

/** A real order through the public buying path; paid (CONFIRMED/CAPTURED) unless pay is false. */
async function placeOrder(
  opts: { pay?: boolean; customerName?: string; vendor?: Awaited<ReturnType<typeof createVendor>> } = {},
): Promise<Placed> {
  const vendor = opts.vendor ?? (await createVendor(t.app, t.db));
  const product = await createProduct(t.db, { pricePaise: 250_000, stock: 10 });
  const extra = opts.customerName ? { customerName: opts.customerName } : {};
  const started = await initiate(
    t.app,
    orderBody(vendor.slug, [{ productSku: product.sku, quantity: 2 }], extra),
  );
  expect(started.statusCode, started.body).toBe(200);
  const { orderId, orderNumber, razorpayOrderId } = started.json();
  if (opts.pay !== false) {
    const paid = await t.app.inject({
      method: 'POST',
      url: confirmUrl(await sandboxPay(t.app, razorpayOrderId)),
    });
    expect(paid.json().status).toBe('success');
  }
  return { orderNumber, orderId, productId: product.id, vendorId: vendor.id };
}

const patch = (path: string, who: Actor = manager) =>
  t.app.inject({ method: 'PATCH', url: `/api/orders/${path}`, headers: who.headers });
const get = (path: string, who?: Actor) =>
  t.app.inject({ method: 'GET', url: `/api/orders/${path}`, headers: who?.headers ?? {} });

describe('admin order list', () => {
  it('pages newest first with items, vendor, amounts in rupees and the shipping address', async () => {
    const a = await placeOrder();
    const b = await placeOrder();
    const res = await get('paginated?page=0&size=2', manager);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ size: 2, number: 0 });
    expect(body.totalElements).toBeGreaterThanOrEqual(2);
    expect(body.content.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([
      b.orderNumber,
      a.orderNumber,
    ]);
    expect(body.content[0]).toMatchObject({
      status: 'CONFIRMED',
      paymentStatus: 'CAPTURED',
      vendor: { id: b.vendorId },
      totalAmount: 5000,
      finalAmount: 5000,
      shippingAddress: { city: 'Bengaluru', postalCode: '560025' },
      orderItems: [{ quantity: 2, priceAtTime: 2500, totalPrice: 5000 }],
    });
  });

  it('uses a page size of 10 by default', async () => {
    expect((await get('paginated', manager)).json().size).toBe(10);
  });

  it('searches order number or customer name in any case and filters by status and payment status', async () => {
    const name = `Meera ${uid()}`;
    const paid = await placeOrder({ customerName: name });
    const waiting = await placeOrder({ customerName: name, pay: false });
    const byName = (await get(`paginated?search=${encodeURIComponent(name.toUpperCase())}`, manager)).json();
    expect(byName.content.map((o: { orderNumber: string }) => o.orderNumber).sort()).toEqual(
      [paid.orderNumber, waiting.orderNumber].sort(),
    );
    const byNumber = (await get(`paginated?search=${paid.orderNumber.toLowerCase()}`, manager)).json();
    expect(byNumber.totalElements).toBe(1);
    const pending = (
      await get(`paginated?search=${encodeURIComponent(name)}&status=payment_pending`, manager)
    ).json();
    expect(pending.content.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([waiting.orderNumber]);
    const captured = (
      await get(`paginated?search=${encodeURIComponent(name)}&paymentStatus=Captured`, manager)
    ).json();
    expect(captured.content.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([paid.orderNumber]);
    expect((await get('paginated?search=%25', manager)).statusCode).toBe(200);
  });

  it('answers 400 for unknown status filters and bad paging', async () => {
    for (const q of ['status=LOST', 'paymentStatus=maybe', 'page=-1', 'size=0', 'size=abc']) {
      expect((await get(`paginated?${q}`, manager)).statusCode, q).toBe(400);
    }
  });
});

describe('admin order detail', () => {
  it('shows an order by its number with its status history, 404 for an unknown number', async () => {
    const o = await placeOrder();
    const res = await get(`admin/${o.orderNumber}`, manager);
    expect(res.statusCode).toBe(200);
    expect(res.json().statusHistory.map((h: { field: string; to: string }) => `${h.field}:${h.to}`)).toEqual(
      expect.arrayContaining(['status:PAYMENT_PENDING', 'status:CONFIRMED', 'paymentStatus:CAPTURED']),
    );
    expect((await get('admin/ZV000000-DEADBEEF', manager)).statusCode).toBe(404);
  });
});

describe('order status changes', () => {
  it('walks CONFIRMED -> PROCESSING -> SHIPPED -> DELIVERED in any letter case, recording the admin as actor', async () => {
    const o = await placeOrder();
    for (const status of ['processing', 'Shipped', 'DELIVERED']) {
      const res = await patch(`${o.orderNumber}/status?status=${status}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe(status.toUpperCase());
    }
    const rows = await t.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, o.orderId), eq(orderStatusHistory.actor, manager.username)));
    expect(rows.map((r) => `${r.fromValue}->${r.toValue}`)).toEqual([
      'CONFIRMED->PROCESSING',
      'PROCESSING->SHIPPED',
      'SHIPPED->DELIVERED',
    ]);
  });

  it('refuses a transition outside the table with 409 listing the allowed next states', async () => {
    const o = await placeOrder();
    const res = await patch(`${o.orderNumber}/status?status=DELIVERED`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Cannot change order status from CONFIRMED to DELIVERED. Allowed next states: PROCESSING, CANCELLED',
    );
    await patch(`${o.orderNumber}/status?status=PROCESSING`);
    await patch(`${o.orderNumber}/status?status=SHIPPED`);
    const late = await patch(`${o.orderNumber}/status?status=CANCELLED&reason=Shopper%20asked`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('Allowed next states: DELIVERED');
    const back = await patch(`${o.orderNumber}/status?status=PAYMENT_PENDING`);
    expect(back.statusCode).toBe(409);
  });

  it('returns the stock of a cancelled paid order exactly once; a second cancel is refused and changes nothing', async () => {
    const o = await placeOrder();
    await patch(`${o.orderNumber}/status?status=PROCESSING`);
    expect((await stockOf(t.db, o.productId)).stock).toBe(8);
    const res = await patch(`${o.orderNumber}/status?status=cancelled&reason=Shopper%20asked`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('CANCELLED');
    expect((await stockOf(t.db, o.productId)).stock).toBe(10);
    expect((await patch(`${o.orderNumber}/status?status=CANCELLED&reason=Shopper%20asked`)).statusCode).toBe(
      409,
    );
    expect((await stockOf(t.db, o.productId)).stock).toBe(10);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(row!.stockReleased).toBe(true);
  });

  it('takes back the commission (a reversal row in the ledger) and the sales count of a cancelled paid order', async () => {
    const o = await placeOrder();
    expect(
      await t.db.select().from(vendorEarnings).where(eq(vendorEarnings.orderId, o.orderId)),
    ).toHaveLength(1);
    expect(
      (await t.db.select({ n: products.salesCount }).from(products).where(eq(products.id, o.productId)))[0]!
        .n,
    ).toBe(2);
    expect((await patch(`${o.orderNumber}/status?status=CANCELLED&reason=Shopper%20asked`)).statusCode).toBe(
      200,
    );
    const ledger = await t.db.select().from(vendorEarnings).where(eq(vendorEarnings.orderId, o.orderId));
    expect(ledger.map((r) => r.kind).sort()).toEqual(['EARNING', 'REVERSAL']);
    expect(ledger.reduce((sum, r) => sum + r.amountPaise, 0)).toBe(0);
    expect(
      (await t.db.select({ n: products.salesCount }).from(products).where(eq(products.id, o.productId)))[0]!
        .n,
    ).toBe(0);
  });

  it('cancels a payment-pending order through the release path: stock back once, payment CANCELLED', async () => {
    const o = await placeOrder({ pay: false });
    expect((await stockOf(t.db, o.productId)).stock).toBe(8);
    const res = await patch(`${o.orderNumber}/status?status=CANCELLED&reason=Shopper%20asked`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', paymentStatus: 'CANCELLED' });
    expect((await stockOf(t.db, o.productId)).stock).toBe(10);
    const history = res.json().statusHistory.filter((h: { actor: string }) => h.actor === manager.username);
    expect(history).toHaveLength(2);
  });

  it('answers 400 for an unknown or missing status and 404 for an unknown order', async () => {
    const o = await placeOrder();
    expect((await patch(`${o.orderNumber}/status?status=LOST`)).statusCode).toBe(400);
    expect((await patch(`${o.orderNumber}/status`)).statusCode).toBe(400);
    expect((await patch('ZV000000-DEADBEEF/status?status=SHIPPED')).statusCode).toBe(404);
  });
});

describe('payment status changes', () => {
  it('refunds only a captured payment and records it', async () => {
    const o = await placeOrder();
    const res = await patch(`${o.orderNumber}/payment?status=refunded&reason=Shopper%20asked`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUNDED' });
    const [asked, done] = res.json().statusHistory.slice(-2);
    expect(asked).toMatchObject({
      field: 'paymentStatus',
      from: 'CAPTURED',
      to: 'REFUND_PENDING',
      actor: manager.username,
    });
    expect(done).toMatchObject({
      field: 'paymentStatus',
      from: 'REFUND_PENDING',
      to: 'REFUNDED',
      actor: 'gateway',
    });
    expect(asked.reference).toMatch(/^rfnd_/);
    expect(done.reference).toBe(asked.reference);
    const again = await patch(`${o.orderNumber}/payment?status=REFUNDED&reason=Shopper%20asked`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Cannot change payment status from REFUNDED to REFUNDED. Allowed next states: none',
    );
    const waiting = await placeOrder({ pay: false });
    expect(
      (await patch(`${waiting.orderNumber}/payment?status=REFUNDED&reason=Shopper%20asked`)).statusCode,
    ).toBe(409);
  });

  it('marks a pending payment FAILED, which cancels the order and returns its stock', async () => {
    const o = await placeOrder({ pay: false });
    const res = await patch(`${o.orderNumber}/payment?status=FAILED`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', paymentStatus: 'FAILED' });
    expect((await stockOf(t.db, o.productId)).stock).toBe(10);
  });

  it('never lets an admin mark a payment CAPTURED, and answers 400 and 404 for bad input', async () => {
    const o = await placeOrder({ pay: false });
    expect((await patch(`${o.orderNumber}/payment?status=CAPTURED`)).statusCode).toBe(409);
    expect((await patch(`${o.orderNumber}/payment?status=PAID`)).statusCode).toBe(400);
    expect((await patch('ZV000000-DEADBEEF/payment?status=FAILED')).statusCode).toBe(404);
  });
});

/** The first data row's cell under a header. */
function columnsOf(sheet: ExcelJS.Worksheet) {
  const headers = (sheet.getRow(1).values as unknown[]).map((v) => (typeof v === 'string' ? v : ''));
  return (header: string) => {
    const index = headers.indexOf(header);
    expect(index, header).toBeGreaterThan(0);
    return sheet.getRow(2).getCell(index);
  };
}

describe('orders.xlsx download', () => {
  it('streams the filtered orders as a spreadsheet', async () => {
    const name = `Kavya ${uid()}`;
    const o = await placeOrder({ customerName: name });
    const res = await get(`download?search=${encodeURIComponent(name)}`, manager);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('orders.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Orders')!;
    expect(sheet.rowCount).toBe(2);
    const cell = columnsOf(sheet);
    expect(cell('Order #').value).toBe(o.orderNumber);
    expect(cell('Total').value).toBe(5000);
  });

  it('writes dates in the business timezone and carries the invoice number, taxable value and GST split', async () => {
    const name = `Meera ${uid()}`;
    const o = await placeOrder({ customerName: name });
    // Paid at 03:30 IST on 26 November: 22:00 UTC on the 25th.
    const at = new Date('2026-11-25T22:00:00.000Z');
    await t.db
      .update(orders)
      .set({ createdAt: at, paymentDate: at })
      .where(eq(orders.orderNumber, o.orderNumber));
    const detail = (await get(`admin/${o.orderNumber}`, manager)).json();
    const res = await get(`download?search=${encodeURIComponent(name)}`, manager);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cell = columnsOf(book.getWorksheet('Orders')!);
    for (const header of ['Date', 'Paid At']) {
      expect(cell(header).value, header).toEqual(new Date('2026-11-26T03:30:00.000Z'));
      expect(cell(header).numFmt, header).toBe('dd/mm/yyyy hh:mm');
    }
    expect(cell('Invoice No.').value).toBe(detail.tax.documents.invoice.number);
    const taxable = Number(cell('Taxable Value').value);
    const gst = ['CGST', 'SGST', 'IGST'].map((h) => Number(cell(h).value));
    expect(taxable).toBeGreaterThan(0);
    expect(gst.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(Math.round((taxable + gst.reduce((a, b) => a + b, 0)) * 100)).toBe(Math.round(5000 * 100));
  });
});

describe('authorization', () => {
  const roleCases: Array<[string, AdminRole[] | 'vendor' | null, number]> = [
    ['anonymous', null, 401],
    ['a vendor', 'vendor', 403],
    ['a MANAGE_PRODUCTS admin', ['MANAGE_PRODUCTS'], 403],
    ['a MANAGE_ORDERS admin', ['MANAGE_ORDERS'], 200],
    ['a SUPER_ADMIN', ['SUPER_ADMIN'], 200],
  ];

  it.each(roleCases)('order manager endpoints answer %s with %i', async (_who, role, expected) => {
    const o = await placeOrder();
    const actor =
      role === null
        ? undefined
        : role === 'vendor'
          ? await createVendor(t.app, t.db)
          : await createAdminUser(t.app, t.db, role);
    const headers = actor?.headers ?? {};
    const calls = [
      { method: 'GET' as const, url: '/api/orders/paginated' },
      { method: 'GET' as const, url: `/api/orders/admin/${o.orderNumber}` },
      { method: 'GET' as const, url: '/api/orders/download' },
      { method: 'PATCH' as const, url: `/api/orders/${o.orderNumber}/status?status=PROCESSING` },
      {
        method: 'PATCH' as const,
        url: `/api/orders/${o.orderNumber}/payment?status=REFUNDED&reason=Shopper%20asked`,
      },
    ];
    for (const call of calls)
      expect((await t.app.inject({ ...call, headers })).statusCode, call.url).toBe(expected);
  });

  it("lets a vendor read only its own orders; order managers and detail viewers read any vendor's", async () => {
    const vendorA = await createVendor(t.app, t.db);
    const vendorB = await createVendor(t.app, t.db);
    const o = await placeOrder({ vendor: vendorA });
    const own = await get(`vendor/${vendorA.id}`, vendorA);
    expect(own.statusCode).toBe(200);
    expect(own.json().content.map((x: { orderNumber: string }) => x.orderNumber)).toEqual([o.orderNumber]);
    expect((await get(`vendor/${vendorA.id}`, vendorB)).statusCode).toBe(403);
    expect((await get(`vendor/${vendorA.id}`)).statusCode).toBe(401);
    expect(
      (await get(`vendor/${vendorA.id}`, await createAdminUser(t.app, t.db, ['MANAGE_PRODUCTS']))).statusCode,
    ).toBe(403);
    expect(
      (await get(`vendor/${vendorA.id}`, await createAdminUser(t.app, t.db, ['VIEW_DETAILS']))).statusCode,
    ).toBe(200);
    expect((await get(`vendor/${vendorA.id}`, manager)).json().totalElements).toBe(1);
    expect((await get('vendor/abc', manager)).statusCode).toBe(400);
  });
});
