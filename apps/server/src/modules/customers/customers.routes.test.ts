import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AdminRole, Customer, CustomerDetail, InternalNote, Paged } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createVendor, type Actor } from '../../../test/factories';
import type { Db } from '../../db/client';
import { auditLog, orders, refunds, returnRequests } from '../../db/schema';

const keyOf = (email: string, phone: string) =>
  createHash('md5').update(`${email.trim().toLowerCase()}|${phone.trim()}`).digest('hex');

async function order(db: Db, o: Partial<typeof orders.$inferInsert>) {
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: `C-${randomBytes(5).toString('hex')}`.toUpperCase(),
      vendorSlug: 'x',
      customerName: 'Buyer',
      customerEmail: 'buyer@example.in',
      customerPhone: '9876543210',
      shippingAddress: {
        fullName: 'B',
        street: 's',
        city: 'c',
        state: 'Rajasthan',
        country: 'India',
        postalCode: '302001',
        phone: '9876543210',
      },
      totalAmountPaise: 100_000,
      finalAmountPaise: 100_000,
      status: 'DELIVERED',
      paymentStatus: 'CAPTURED',
      ...o,
    })
    .returning();
  return row!;
}

describe('customers built from orders', () => {
  let t: TestApp;
  let manager: Actor;
  let viewer: Actor;
  /** A tag in every email of this file's customers, so searches see only them. */
  const tag = randomBytes(3).toString('hex');
  const meera = { email: `Meera.${tag}@Example.in`, phone: '9810012345' };
  const ravi = { email: `ravi.${tag}@example.in`, phone: '9820054321' };

  beforeAll(async () => {
    t = await createTestApp();
    manager = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    viewer = await createAdminUser(t.app, t.db, ['VIEW_DETAILS']);
    const { db } = t;
    // Meera: three paid orders (one email in another case), one refunded in part and returned; one unpaid.
    await order(db, {
      customerName: 'M. Iyer',
      customerEmail: meera.email,
      customerPhone: meera.phone,
      finalAmountPaise: 500_000,
      createdAt: new Date('2026-10-01T10:00:00Z'),
    });
    const refunded = await order(db, {
      customerName: 'Meera Iyer',
      customerEmail: meera.email.toLowerCase(),
      customerPhone: meera.phone,
      finalAmountPaise: 250_000,
      createdAt: new Date('2026-11-20T10:00:00Z'),
    });
    await db.insert(refunds).values([
      {
        orderId: refunded.id,
        providerPaymentId: 'pay_1',
        amountPaise: 50_000,
        status: 'PROCESSED',
        requestedBy: 'a',
      },
      {
        orderId: refunded.id,
        providerPaymentId: 'pay_1',
        amountPaise: 70_000,
        status: 'FAILED',
        requestedBy: 'a',
      },
    ]);
    await db.insert(returnRequests).values({
      orderId: refunded.id,
      lines: [],
      reason: 'Too small',
      requestKey: randomBytes(6).toString('hex'),
    });
    await order(db, {
      customerName: 'Meera Iyer',
      customerEmail: meera.email,
      customerPhone: meera.phone,
      paymentStatus: 'REFUNDED',
      status: 'CANCELLED',
      finalAmountPaise: 100_000,
      createdAt: new Date('2026-11-10T10:00:00Z'),
    });
    await order(db, {
      customerName: 'Meera Iyer',
      customerEmail: meera.email,
      customerPhone: meera.phone,
      paymentStatus: 'PENDING',
      status: 'PENDING',
      createdAt: new Date('2026-11-25T10:00:00Z'),
    });
    // Ravi: one paid order, the same email with another phone is another customer.
    await order(db, {
      customerName: 'Ravi Kumar',
      customerEmail: ravi.email,
      customerPhone: ravi.phone,
      finalAmountPaise: 1_000_000,
      createdAt: new Date('2026-11-22T10:00:00Z'),
    });
    await order(db, {
      customerName: 'Ravi K',
      customerEmail: ravi.email,
      customerPhone: '9000000000',
      finalAmountPaise: 10_000,
      createdAt: new Date('2026-09-01T10:00:00Z'),
    });
  });
  afterAll(async () => t.close());

  const list = async (who: Actor, query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/customers?search=${tag}&${query}`,
      headers: who.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Paged<Customer>;
  };

  it('groups paid orders by email (any case) and phone, with orders, total spent less refunds, last order and returns', async () => {
    const page = await list(manager, 'sort=lastOrder&direction=desc');
    expect(page.totalElements).toBe(3);
    expect(page.content[0]).toEqual({
      key: keyOf(ravi.email, ravi.phone),
      name: 'Ravi Kumar',
      email: ravi.email,
      phone: ravi.phone,
      orders: 1,
      totalSpent: 10_000,
      lastOrderAt: '2026-11-22T10:00:00.000Z',
      returns: 0,
    });
    expect(page.content[1]).toEqual({
      key: keyOf(meera.email, meera.phone),
      name: 'Meera Iyer',
      email: meera.email.toLowerCase(),
      phone: meera.phone,
      orders: 3,
      // 5,000 + 2,500 + 1,000 paid, less the ₹500 refund that went through (the failed one is not money back).
      totalSpent: 8_000,
      lastOrderAt: '2026-11-20T10:00:00.000Z',
      returns: 1,
    });
    expect(page.content[2]?.phone).toBe('9000000000');
  });

  it('sorts and pages on the server', async () => {
    const bySpent = await list(manager, 'sort=spent&direction=asc&size=2&page=0');
    expect(bySpent.content.map((c) => c.totalSpent)).toEqual([100, 8_000]);
    expect(bySpent.totalPages).toBe(2);
    const second = await list(manager, 'sort=spent&direction=asc&size=2&page=1');
    expect(second.content.map((c) => c.totalSpent)).toEqual([10_000]);
    const byOrders = await list(manager, 'sort=orders&direction=desc');
    expect(byOrders.content[0]?.orders).toBe(3);
    const byName = await list(manager, 'sort=name&direction=asc');
    expect(byName.content.map((c) => c.name)).toEqual(['Meera Iyer', 'Ravi K', 'Ravi Kumar']);
  });

  it('searches names, emails and phones of any of the orders', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/customers?search=9810012345',
      headers: manager.headers,
    });
    expect((res.json() as Paged<Customer>).content.map((c) => c.name)).toEqual(['Meera Iyer']);
    // An older order's name finds the customer too.
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/customers?search=M.%20Iyer',
      headers: manager.headers,
    });
    expect((old.json() as Paged<Customer>).content.map((c) => c.name)).toEqual(['Meera Iyer']);
  });

  it('masks email and phone for a role that only views details', async () => {
    const page = await list(viewer, 'sort=lastOrder');
    expect(page.content[1]?.email).toBe(`m•••@example.in`);
    expect(page.content[1]?.phone).toBe('•••••45');
    expect(JSON.stringify(page)).not.toContain(meera.phone);
  });

  it("opens a customer's orders, newest first, and records notes with who and when (audited)", async () => {
    const key = keyOf(meera.email, meera.phone);
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${key}/notes`,
      headers: manager.headers,
      payload: { body: '  Prefers a call after 6 pm  ' },
    });
    expect(note.statusCode).toBe(201);
    const saved = note.json() as InternalNote;
    expect(saved).toMatchObject({ body: 'Prefers a call after 6 pm', author: 'Test Admin' });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'customer'), eq(auditLog.entityId, key)));
    expect(audit).toMatchObject({
      action: 'note',
      actorId: manager.id,
      after: { note: 'Prefers a call after 6 pm' },
    });

    const res = await t.app.inject({ method: 'GET', url: `/api/customers/${key}`, headers: manager.headers });
    expect(res.statusCode).toBe(200);
    const detail = res.json() as CustomerDetail;
    expect(detail.orders.map((o) => o.orderDate)).toEqual([
      '2026-11-20T10:00:00.000Z',
      '2026-11-10T10:00:00.000Z',
      '2026-10-01T10:00:00.000Z',
    ]);
    expect(detail.notes).toEqual([saved]);
    expect(detail.mayWriteNotes).toBe(true);
    const asViewer = (
      await t.app.inject({ method: 'GET', url: `/api/customers/${key}`, headers: viewer.headers })
    ).json() as CustomerDetail;
    expect(asViewer.mayWriteNotes).toBe(false);
    expect(asViewer.customer.phone).toBe('•••••45');
  });

  it('refuses notes from a detail viewer, empty notes, unknown customers and malformed keys', async () => {
    const key = keyOf(ravi.email, ravi.phone);
    const post = (who: Actor, url: string, body: unknown) =>
      t.app.inject({ method: 'POST', url, headers: who.headers, payload: body as object });
    expect((await post(viewer, `/api/customers/${key}/notes`, { body: 'x' })).statusCode).toBe(403);
    expect((await post(manager, `/api/customers/${key}/notes`, { body: '   ' })).statusCode).toBe(400);
    expect((await post(manager, `/api/customers/${'0'.repeat(32)}/notes`, { body: 'x' })).statusCode).toBe(
      404,
    );
    expect((await post(manager, '/api/customers/not-a-key/notes', { body: 'x' })).statusCode).toBe(400);
    expect((await post(manager, `/api/customers/${key}/notes`, { body: 'x'.repeat(2001) })).statusCode).toBe(
      400,
    );
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/customers?sort=nope&size=0',
      headers: manager.headers,
    });
    expect(get.statusCode).toBe(400);
  });

  it.each<[AdminRole[] | 'vendor' | 'anonymous', number]>([
    [['MANAGE_ORDERS'], 200],
    [['VIEW_DETAILS'], 200],
    [['SUPER_ADMIN'], 200],
    [['MANAGE_PRODUCTS'], 403],
    ['vendor', 403],
    ['anonymous', 401],
  ])('lists customers for %j: %i', async (who, status) => {
    const headers =
      who === 'anonymous'
        ? {}
        : who === 'vendor'
          ? (await createVendor(t.app, t.db)).headers
          : (await createAdminUser(t.app, t.db, who)).headers;
    const res = await t.app.inject({ method: 'GET', url: '/api/customers', headers });
    expect(res.statusCode).toBe(status);
  });

  it('exports the matching customers as CSV, formulas neutralised, contacts masked for a viewer', async () => {
    await order(t.db, {
      customerName: `=HYPERLINK("http://evil")`,
      customerEmail: `evil.${tag}@example.in`,
      customerPhone: '9999999999',
      createdAt: new Date('2026-08-01T10:00:00Z'),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/customers/download?search=${tag}&sort=name&direction=asc`,
      headers: manager.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="customers.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Name,Email,Phone,Orders,Total spent (INR),Last order,Returns');
    expect(lines).toContain(`Meera Iyer,${meera.email.toLowerCase()},${meera.phone},3,8000.00,20 Nov 2026,1`);
    expect(lines.find((l) => l.includes('evil'))).toMatch(/^"'=HYPERLINK/);
    const masked = await t.app.inject({
      method: 'GET',
      url: `/api/customers/download?search=${tag}`,
      headers: viewer.headers,
    });
    expect(masked.body).not.toContain(meera.phone);
  });
});

describe('internal notes on an order', () => {
  let t: TestApp;
  let manager: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    manager = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
  });
  afterAll(async () => t.close());

  it('records a note with who and when, lists them oldest first, and never shows them to the vendor', async () => {
    const vendor = await createVendor(t.app, t.db);
    const o = await order(t.db, { vendorId: vendor.id });
    for (const body of ['First call: no answer', 'Second call: ships Monday']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${o.orderNumber}/notes`,
        headers: manager.headers,
        payload: { body },
      });
      expect(res.statusCode).toBe(201);
    }
    const notes = (
      await t.app.inject({
        method: 'GET',
        url: `/api/orders/${o.orderNumber}/notes`,
        headers: manager.headers,
      })
    ).json() as InternalNote[];
    expect(notes.map((n) => [n.body, n.author])).toEqual([
      ['First call: no answer', 'Test Admin'],
      ['Second call: ships Monday', 'Test Admin'],
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, o.orderNumber)));
    expect(audit).toMatchObject({ action: 'note', actorId: manager.id });
    // The vendor's own orders and the vendor's call of the notes route carry nothing of them.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/orders/vendor/${vendor.id}`,
      headers: vendor.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain('ships Monday');
    const direct = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${o.orderNumber}/notes`,
      headers: vendor.headers,
    });
    expect(direct.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/orders/NOPE-1/notes',
      headers: manager.headers,
      payload: { body: 'x' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
