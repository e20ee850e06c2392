import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { catalogueProductSchema, productAssuranceSchema, STONE_ORIGIN_REQUIRED } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, type Callers } from '../../../test/catalogue-fixtures';
import {
  createAdminUser,
  createCategory,
  createMetal,
  createProduct,
  createVendor,
  uid,
  type Actor,
} from '../../../test/factories';
import { confirmUrl, initiate, orderBody } from '../../../test/payment-journey';
import { orderItems, products, sandboxOrders } from '../../db/schema';

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const IGI = {
  lab: 'IGI',
  reportNumber: 'LG612345678',
  carat: 1.01,
  colour: 'F',
  clarity: 'VS1',
  cut: 'Excellent',
};

describe('what a buyer checks before paying: stones, certificates, EMI, hallmark, shipping, returns', () => {
  let t: TestApp;
  let who: Callers;
  let superAdmin: Actor;
  let orderAdmin: Actor;
  let vendorSlug: string;
  let childId: number;
  let goldId: number;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        EMI_TENURES: '3:0,12:15',
        EMI_MINIMUM_RUPEES: '5000',
        BIS_REGISTRATION_NUMBER: 'HM/C-1234567890',
      },
    });
    who = await createCallers(t.app, t.db);
    superAdmin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    orderAdmin = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    vendorSlug = (await createVendor(t.app, t.db, { plan: 'PREMIUM' })).slug;
    childId = (await createCategory(t.db, { name: `Solitaires ${uid()}` })).id;
    const gold = await createMetal(t.db, { name: `Gold ${uid()}`, ratePaise: 650_000 });
    goldId = gold.id;
  });
  afterAll(async () => t.close());

  const input = (over: Record<string, unknown> = {}) => ({
    name: `Solitaire ${uid()}`,
    sku: `SOL-${uid()}`,
    productType: 'MRP',
    price: 150_000,
    stock: 2,
    category: { id: childId },
    metal: { id: goldId },
    ...over,
  });
  const create = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/products', headers: who.products, payload: body });

  it('refuses a diamond without natural or lab-grown, by field, and keeps its certificate when it says', async () => {
    const refused = await create(input({ gem: { kind: 'DIAMOND', certificate: IGI } }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toContainEqual(
      expect.objectContaining({ path: 'gem.origin', message: STONE_ORIGIN_REQUIRED }),
    );
    const res = await create(input({ gem: { kind: 'DIAMOND', origin: 'LAB_GROWN', certificate: IGI } }));
    expect(res.statusCode, res.body).toBe(201);
    const p = catalogueProductSchema.parse(res.json());
    expect(p.gem).toEqual({
      kind: 'DIAMOND',
      origin: 'LAB_GROWN',
      certificate: {
        ...IGI,
        labName: null,
        file: null,
        verifyUrl: 'https://www.igi.org/reports/verify-your-report?r=LG612345678',
      },
    });
    expect(p.priceBreakup.stone).toEqual({ kind: 'DIAMOND', origin: 'LAB_GROWN' });
    const shown = (await t.app.inject({ url: `/api/products/${p.id}` })).json();
    expect(shown.gem.certificate.reportNumber).toBe('LG612345678');
  });

  it('a product without stones has none; an edit that leaves the fields out keeps them, null clears them', async () => {
    const plain = catalogueProductSchema.parse((await create(input())).json());
    expect(plain.gem).toBeNull();
    expect(plain.priceBreakup.stone).toBeUndefined();
    const res = await create(input({ gem: { kind: 'DIAMOND', origin: 'NATURAL', certificate: IGI } }));
    const p = catalogueProductSchema.parse(res.json());
    const { id, version, huids: _h, gem: _g, status: _s, ...rest } = p;
    const edit = (body: object) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: who.products, payload: body });
    const base = {
      name: rest.name,
      sku: rest.sku,
      productType: 'MRP',
      price: rest.price,
      category: { id: childId },
      metal: { id: goldId },
    };
    const kept = await edit({ ...base, version });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().gem).toMatchObject({ kind: 'DIAMOND', origin: 'NATURAL' });
    const cleared = await edit({ ...base, version: version + 1, gem: null });
    expect(cleared.json().gem).toBeNull();
  });

  it('answers bad stones and certificates with 400 and the field, never 500', async () => {
    const bad: unknown[] = [
      'diamond',
      { kind: 'RUBY' },
      { kind: 'DIAMOND', origin: 'SYNTHETIC' },
      { kind: 'DIAMOND', origin: 'NATURAL', certificate: { ...IGI, lab: 'GIA' } },
      { kind: 'DIAMOND', origin: 'NATURAL', certificate: { ...IGI, carat: '1.0' } },
      { kind: 'DIAMOND', origin: 'NATURAL', certificate: { ...IGI, carat: -1 } },
      { kind: 'DIAMOND', origin: 'NATURAL', certificate: { ...IGI, reportNumber: 'x'.repeat(5000) } },
      { kind: 'DIAMOND', origin: 'NATURAL', certificate: { ...IGI, lab: 'OTHER', reportNumber: 'AB-1' } },
      { kind: 'GEMSTONE', certificate: { ...IGI, file: { $ne: 1 } } },
    ];
    for (const gem of bad) {
      const res = await create(input({ gem }));
      expect(res.statusCode, JSON.stringify(gem)).toBe(400);
      expect(JSON.stringify(res.json().issues)).toContain('gem');
    }
  });

  it('keeps natural or lab-grown on the order line and prints it on the invoice and the credit note; the sandbox records UPI', async () => {
    const product = await createProduct(t.db, {
      pricePaise: 85_000_00,
      categoryId: childId,
      stock: 3,
      stoneKind: 'DIAMOND',
      stoneOrigin: 'LAB_GROWN',
      certificate: { ...IGI, labName: null, file: null } as never,
    });
    const placed = await initiate(t.app, orderBody(vendorSlug, [{ productSku: product.sku, quantity: 1 }]));
    expect(placed.statusCode, placed.body).toBe(200);
    const o = placed.json() as {
      orderId: string;
      orderNumber: string;
      razorpayOrderId: string;
      cancelKey: string;
    };
    // The origin is what was sold, whatever the product says later.
    await t.db.update(products).set({ stoneOrigin: 'NATURAL' }).where(eq(products.id, product.id));
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, o.orderId));
    expect(line!.priceBreakup?.stone).toEqual({ kind: 'DIAMOND', origin: 'LAB_GROWN' });

    const paid = await t.app.inject({
      method: 'POST',
      url: '/sandbox/pay',
      payload: { orderId: o.razorpayOrderId, method: 'upi' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [sandbox] = await t.db.select().from(sandboxOrders).where(eq(sandboxOrders.id, o.razorpayOrderId));
    expect(sandbox!.method).toBe('upi');
    expect((await t.app.inject({ method: 'POST', url: confirmUrl(paid.json()) })).json().status).toBe(
      'success',
    );

    const headers = { 'x-order-key': o.cancelKey };
    const invoice = await t.app.inject({ url: `/api/orders/byId/${o.orderId}/invoice`, headers });
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(await pdfText(invoice.rawPayload)).toContain('Lab-grown diamond');

    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${o.orderNumber}/status?status=CANCELLED&reason=Buyer%20asked`,
      headers: orderAdmin.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const docs = (
      await t.app.inject({ url: `/api/orders/byId/${o.orderId}/tax-documents`, headers })
    ).json() as {
      creditNotes: Array<{ id: number }>;
    };
    const note = await t.app.inject({
      url: `/api/orders/byId/${o.orderId}/credit-notes/${docs.creditNotes[0]!.id}`,
      headers,
    });
    expect(await pdfText(note.rawPayload)).toContain('Lab-grown diamond');
  });

  it("the migration's back-fill marks described diamonds, and their origin only where the text says it", async () => {
    const file = readFileSync(
      new URL('../../../drizzle/0034_stones_certificates_payment_method.sql', import.meta.url),
      'utf8',
    );
    const backFill = file.slice(file.indexOf('-- hand-written'));
    const rows = await Promise.all(
      [
        '0.30 ct VS diamond',
        'Lab-grown diamonds 1.2 ct',
        'CVD diamond, 0.5 ct',
        'Natural diamond solitaire',
        'Polki and pearls',
        'Freshwater pearl drops',
        null,
      ].map((stonesDescription) => createProduct(t.db, { categoryId: childId, stonesDescription })),
    );
    await t.db.execute(sql.raw(backFill));
    const after = await t.db
      .select({ id: products.id, kind: products.stoneKind, origin: products.stoneOrigin })
      .from(products)
      .where(
        inArray(
          products.id,
          rows.map((r) => r.id),
        ),
      );
    const byId = new Map(after.map((r) => [r.id, [r.kind, r.origin]]));
    expect(rows.map((r) => byId.get(r.id))).toEqual([
      ['DIAMOND', null],
      ['DIAMOND', 'LAB_GROWN'],
      ['DIAMOND', 'LAB_GROWN'],
      ['DIAMOND', 'NATURAL'],
      ['DIAMOND', null],
      [null, null],
      [null, null],
    ]);
  });

  it('refuses a payment method the checkout does not offer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/pay',
      payload: { orderId: 'order_x', method: 'crypto' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers EMI per tenure, insured shipping, the BIS registration and the returns policy for this piece', async () => {
    const category = await createCategory(t.db);
    const dear = await createProduct(t.db, { pricePaise: 1_50_000_00, categoryId: category.id });
    const cheap = await createProduct(t.db, { pricePaise: 4_999_00, categoryId: childId });
    const read = async (id: number) => {
      const res = await t.app.inject({ url: `/api/products/${id}/assurance` });
      expect(res.statusCode, res.body).toBe(200);
      return productAssuranceSchema.parse(res.json());
    };
    const a = await read(dear.id);
    expect(a.emi).toEqual({
      minimum: 5000,
      options: [
        { months: 12, annualRatePercent: 15, monthly: 13_539, total: 162_468 },
        { months: 3, annualRatePercent: 0, monthly: 50_000, total: 150_000 },
      ],
    });
    expect(a.shipping).toEqual({ insured: true, insuredAbove: 50_000 });
    expect(a.hallmark.bisRegistration).toBe('HM/C-1234567890');
    expect(a.returns).toEqual({ kind: 'NONE' });

    const b = await read(cheap.id);
    expect(b.emi.options).toEqual([]);
    expect(b.shipping.insured).toBe(false);

    const save = await t.app.inject({
      method: 'PUT',
      url: '/api/returns-policy',
      headers: superAdmin.headers,
      payload: {
        policy: { kind: 'WINDOW', days: 7, maxValue: 1_00_000, excludedCategoryIds: [childId] },
        version: 1,
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect((await read(dear.id)).returns).toEqual({ kind: 'WINDOW', days: 7, refusal: 'ABOVE_CAP' });
    expect((await read(cheap.id)).returns).toEqual({ kind: 'WINDOW', days: 7, refusal: 'EXCLUDED_CATEGORY' });
    const ok = await createProduct(t.db, { pricePaise: 10_000_00, categoryId: category.id });
    expect((await read(ok.id)).returns).toEqual({ kind: 'WINDOW', days: 7, refusal: null });

    expect((await t.app.inject({ url: '/api/products/999999999/assurance' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/products/abc/assurance' })).statusCode).toBe(400);
  });
});
