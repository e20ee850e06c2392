import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq, ne } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { amountInWords, formatInr, type LineBreakup } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createAdminUser,
  createCategory,
  createProduct,
  createVendor,
  type Actor,
} from '../../../test/factories';
import { categories, emailOutbox, orderItems, orders, refunds, taxDocuments } from '../../db/schema';
import {
  address,
  capturedEvent,
  confirmUrl,
  initiate,
  orderBody,
  sandboxPay,
  webhook,
} from '../../../test/payment-journey';
import { deliverDueEmails, type Mailer, type MailMessage } from '../mail';
import { createInvoicesService } from './invoices.service';
import { renderTaxDocumentPdf } from './invoice-pdf';
import { loadOnUse } from '../../lib/load-on-use';
import { issueCreditNoteIn } from './issue-tax-documents';

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
const rupees = (paise: number) => formatInr(paise / 100);

/** A 22K necklace line as the pricing work records it: per-piece breakup, 3 % GST, inclusive total. */
const NECKLACE: LineBreakup = {
  metal: {
    name: 'Gold',
    purity: '22K (916)',
    ratePerGramPaise: 6_500_00,
    netWeightMg: 12_345,
    valuePaise: 80_242_50,
  },
  making: { kind: 'PER_GRAM', valuePaise: 12_345_00 },
  stones: { description: '0.30 ct VS diamond', valuePaise: 25_000_00 },
  taxablePaise: 1_17_587_50,
  gst: { basisPoints: 300, valuePaise: 3_527_63 },
  totalPaise: 1_21_115_13,
};

describe('GST tax invoices', () => {
  let t: TestApp;
  let admin: Actor;
  let clock = new Date('2026-11-20T06:00:00Z');
  let vendorSlug: string;
  beforeAll(async () => {
    // This file moves the clock across financial years and back; the date bound has its own tests.
    t = await createTestApp({ now: () => clock, env: { DOCUMENT_DATE_TOLERANCE_HOURS: String(24 * 366) } });
    admin = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    vendorSlug = (await createVendor(t.app, t.db, { plan: 'BASIC' })).slug;
  });
  afterAll(async () => t.close());

  async function place(opts: { pricePaise?: number; quantity?: number; extra?: object; hsn?: string } = {}) {
    const category = await createCategory(t.db);
    if (opts.hsn)
      await t.db.update(categories).set({ hsnCode: opts.hsn }).where(eq(categories.id, category.id));
    const product = await createProduct(t.db, {
      pricePaise: opts.pricePaise ?? NECKLACE.totalPaise,
      stock: 50,
      categoryId: category.id,
    });
    const res = await initiate(
      t.app,
      orderBody(vendorSlug, [{ productSku: product.sku, quantity: opts.quantity ?? 1 }], opts.extra),
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      orderId: string;
      orderNumber: string;
      razorpayOrderId: string;
      amount: number;
      cancelKey: string;
    };
  }

  /** The buyer's download: the order key their browser holds. */
  const asBuyer = (o: { cancelKey: string }) => ({ 'x-order-key': o.cancelKey });

  async function pay(o: { razorpayOrderId: string }) {
    const res = await t.app.inject({
      method: 'POST',
      url: confirmUrl(await sandboxPay(t.app, o.razorpayOrderId)),
    });
    expect(res.json().status).toBe('success');
  }

  const invoiceOf = async (orderId: string) =>
    t.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId)).orderBy(asc(taxDocuments.id));

  /**
   * An order's confirmation mail, with only it due: the mail the file's other orders left waiting
   * (each with an invoice PDF to render on every attempt) is put off, so a delivery run handles one mail.
   */
  const onlyConfirmationDue = async (orderId: string) => {
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `order-confirmation:${orderId}`));
    await t.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() + 365 * 86_400_000) })
      .where(and(eq(emailOutbox.status, 'PENDING'), ne(emailOutbox.id, mail!.id)));
    return mail!;
  };

  /** One run of the mail job, as the server's (invoices attached by reference and rendered on sending). */
  const deliverMail = (mailer: Mailer, now: () => Date) =>
    deliverDueEmails(
      { db: t.db, mailer, from: 'x@z.in', now, attachment: createInvoicesService(t).attachment },
      500,
    );

  it('a paid necklace gets a tax invoice whose PDF shows the breakup, HUIDs, IGST and the order total in figures and words', async () => {
    const o = await place({ quantity: 2, extra: { buyerPan: 'ABCPE1234F' } });
    // What the pricing work writes at order creation: the breakup snapshot and the HUIDs sold.
    await t.db
      .update(orderItems)
      .set({ priceBreakup: NECKLACE, huids: ['AB12CD', 'XY34ZW'] })
      .where(eq(orderItems.orderId, o.orderId));
    expect(
      (await t.app.inject({ url: `/api/orders/byId/${o.orderId}/invoice`, headers: asBuyer(o) })).statusCode,
    ).toBe(404);
    await pay(o);

    const res = await t.app.inject({ url: `/api/orders/byId/${o.orderId}/invoice`, headers: asBuyer(o) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="invoice-ZV-26-27-\d{6}\.pdf"/);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    const [doc] = await invoiceOf(o.orderId);
    expect(doc!.number).toMatch(/^ZV\/26-27\/\d{6}$/);
    expect(doc!.number.length).toBeLessThanOrEqual(16);

    const text = await pdfText(res.rawPayload);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(`Invoice No.: ${doc!.number}`);
    expect(text).toContain(`Order No.: ${order!.orderNumber}`);
    expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain('HUID: AB12CD, XY34ZW');
    expect(text).toContain('Gold 22K (916) · Net wt 24.690 g');
    expect(text).toContain(`Metal @ ₹6,500.00/g: ${rupees(2 * 80_242_50)}`);
    expect(text).toContain('711319');
    // Buyer in Karnataka, seller in Maharashtra: IGST 3 %, no CGST/SGST.
    // The line shows the taxable value and GST the product page showed for one piece, times two.
    const lineTotal = 2 * NECKLACE.totalPaise;
    expect(text).toContain(`Taxable value ${rupees(2 * NECKLACE.taxablePaise)}`);
    expect(text).toContain(`IGST @ 3% ${rupees(2 * NECKLACE.gst.valuePaise)}`);
    expect(text).not.toContain('CGST');
    expect(text).toContain(`Round off ${rupees(order!.finalAmountPaise - lineTotal)}`);
    expect(text).toContain(`Invoice total ${rupees(order!.finalAmountPaise)}`);
    expect(text).toContain(amountInWords(order!.finalAmountPaise));
    expect(doc!.totalPaise).toBe(order!.finalAmountPaise);
  });

  it('a buyer in the seller’s state pays CGST + SGST, and a category’s HSN code is used', async () => {
    const o = await place({
      pricePaise: 10_300_00,
      hsn: '71131910',
      extra: { shippingAddress: { ...address, state: 'Maharashtra', city: 'Pune', postalCode: '411001' } },
    });
    await pay(o);
    const text = await pdfText(
      (await t.app.inject({ url: `/api/orders/byId/${o.orderId}/invoice`, headers: asBuyer(o) })).rawPayload,
    );
    expect(text).toContain(`CGST @ 1.5% ${rupees(150_00)}`);
    expect(text).toContain(`SGST @ 1.5% ${rupees(150_00)}`);
    expect(text).not.toContain('IGST');
    expect(text).toContain('71131910');
  });

  it('a 30-line intra-state invoice prints CGST and SGST at most 1 paisa apart, and its lines add up to them', async () => {
    const skus: string[] = [];
    for (let i = 0; i < 30; i += 1) {
      // ₹1,030.18 at 3 %: every line's tax is 3,001 paise, odd, which per-line halving drifts by 30 paise.
      skus.push((await createProduct(t.db, { pricePaise: 1_030_18, stock: 5 })).sku);
    }
    const res = await initiate(
      t.app,
      orderBody(
        vendorSlug,
        skus.map((productSku) => ({ productSku, quantity: 1 })),
        { shippingAddress: { ...address, state: 'Maharashtra', city: 'Pune', postalCode: '411001' } },
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    await pay(o);
    const [doc] = await invoiceOf(o.orderId);
    const totals = doc!.content.totals;
    expect(Math.abs(totals.sgstPaise - totals.cgstPaise)).toBeLessThanOrEqual(1);
    expect(totals.cgstPaise + totals.sgstPaise).toBe(30 * 3001);
    expect(doc!.content.lines.reduce((sum, l) => sum + l.cgstPaise, 0)).toBe(totals.cgstPaise);
    const text = await pdfText(
      (await t.app.inject({ url: `/api/orders/byId/${o.orderId}/invoice`, headers: asBuyer(o) })).rawPayload,
    );
    expect(text).toContain(`CGST @ 1.5% ${rupees(45_015)}`);
    expect(text).toContain(`SGST @ 1.5% ${rupees(45_015)}`);
    expect(text).toContain(`Invoice total ${rupees(doc!.totalPaise)}`);
  });

  it('refuses a state that is not one of the 36 and a PIN code that cannot be in the state, by field', async () => {
    const category = await createCategory(t.db);
    const product = await createProduct(t.db, { pricePaise: 1000_00, stock: 5, categoryId: category.id });
    const items = [{ productSku: product.sku, quantity: 1 }];
    const typed = await initiate(
      t.app,
      orderBody(vendorSlug, items, { shippingAddress: { ...address, state: 'MH' } }),
    );
    expect(typed.statusCode).toBe(400);
    expect(typed.json().issues).toContainEqual(
      expect.objectContaining({
        path: 'shippingAddress.state',
        message: 'Please choose your state from the list',
      }),
    );
    const mismatch = await initiate(
      t.app,
      orderBody(vendorSlug, items, { shippingAddress: { ...address, state: 'Maharashtra' } }),
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().issues).toContainEqual(
      expect.objectContaining({
        path: 'shippingAddress.postalCode',
        message: 'This PIN code is not in Maharashtra. Please check the state and PIN code.',
      }),
    );
  });

  it('an older order whose free-text state names the seller’s state ("Maharastra", Pune PIN) gets CGST + SGST and "Maharashtra (27)"', async () => {
    const o = await place({ pricePaise: 10_300_00 });
    // As stored before the state became a choice: free text, misspelt.
    const legacy = { ...address, state: 'Maharastra', city: 'Pune', postalCode: '411001' };
    await t.db.update(orders).set({ shippingAddress: legacy }).where(eq(orders.id, o.orderId));
    await pay(o);
    const text = await pdfText(
      (await t.app.inject({ url: `/api/orders/byId/${o.orderId}/invoice`, headers: asBuyer(o) })).rawPayload,
    );
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain(`CGST @ 1.5% ${rupees(150_00)}`);
    expect(text).not.toContain('IGST');
    const detail = await t.app.inject({ url: `/api/orders/admin/${o.orderNumber}`, headers: admin.headers });
    expect(detail.json().tax.placeOfSupply).toEqual({ state: 'Maharashtra', code: '27' });
  });

  it('an older order whose state and PIN do not name one state is flagged, and no invoice is guessed', async () => {
    const o = await place({ pricePaise: 10_300_00 });
    const legacy = { ...address, state: 'Maharashtra', city: 'Bengaluru', postalCode: '560025' };
    await t.db.update(orders).set({ shippingAddress: legacy }).where(eq(orders.id, o.orderId));
    await pay(o);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(order!.status).toBe('CONFIRMED');
    expect(await invoiceOf(o.orderId)).toEqual([]);
    expect(
      (await t.app.inject({ url: `/api/orders/byId/${o.orderId}/invoice`, headers: asBuyer(o) })).statusCode,
    ).toBe(404);
    const detail = await t.app.inject({ url: `/api/orders/admin/${o.orderNumber}`, headers: admin.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().tax.placeOfSupply).toBeNull();
  });

  it('an admin names the state of a flagged order: only one its PIN can be in, kept in the history, and the invoice is issued', async () => {
    const o = await place({ pricePaise: 10_300_00 });
    const legacy = { ...address, state: 'Karnatka State', city: 'Pune', postalCode: '411001' };
    await t.db.update(orders).set({ shippingAddress: legacy }).where(eq(orders.id, o.orderId));
    await pay(o);
    expect(await invoiceOf(o.orderId)).toEqual([]);
    const name = (state: unknown, headers = admin.headers) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${o.orderNumber}/shipping-state`,
        headers,
        payload: { state },
      });

    const notListed = await name('Maharastra');
    expect(notListed.statusCode).toBe(400);
    const wrong = await name('Karnataka');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      'PIN code 411001 is not in Karnataka. Choose the state the PIN code is in.',
    );
    expect(await invoiceOf(o.orderId)).toEqual([]);

    const named = await name('Maharashtra');
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().tax.placeOfSupply).toEqual({ state: 'Maharashtra', code: '27' });
    expect(named.json().tax.documents.invoice).not.toBeNull();
    expect(named.json().shippingAddress.state).toBe('Maharashtra');
    expect(named.json().statusHistory).toContainEqual(
      expect.objectContaining({
        field: 'shippingState',
        from: 'Karnatka State',
        to: 'Maharashtra',
        actor: admin.username,
      }),
    );
    expect(await invoiceOf(o.orderId)).toHaveLength(1);
    const text = await pdfText(
      (await t.app.inject({ url: `/api/orders/byId/${o.orderId}/invoice`, headers: asBuyer(o) })).rawPayload,
    );
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain(`CGST @ 1.5% ${rupees(150_00)}`);

    // Once known, the place of supply is not re-aimed, and one invoice stays one.
    const again = await name('Maharashtra');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order already names its place of supply');
    expect(await invoiceOf(o.orderId)).toHaveLength(1);
  });

  it('numbers 20 concurrent payments consecutively, once each even with duplicate callbacks and webhooks', async () => {
    const placed: Awaited<ReturnType<typeof place>>[] = [];
    for (let i = 0; i < 20; i += 1) placed.push(await place({ pricePaise: 1000_00 }));
    const signed = await Promise.all(placed.map((o) => sandboxPay(t.app, o.razorpayOrderId)));
    await Promise.all(
      signed.flatMap((s, i) => [
        t.app.inject({ method: 'POST', url: confirmUrl(s) }),
        t.app.inject({ method: 'POST', url: confirmUrl(s) }),
        webhook(t.app, t.config, capturedEvent(s.razorpay_order_id, s.razorpay_payment_id), `evt_dup_${i}`),
      ]),
    );
    const docs = await t.db.select().from(taxDocuments).where(eq(taxDocuments.kind, 'INVOICE'));
    const mine = docs.filter((d) => placed.some((o) => o.orderId === d.orderId));
    expect(mine).toHaveLength(20);
    expect(new Set(mine.map((d) => d.orderId)).size).toBe(20);
    // The whole series has no gap and no repeat: 1..n.
    const sequences = docs.map((d) => d.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(sequences.map((_, i) => i + 1));
  });

  it('restarts the series at 1 each financial year (1 April in India)', async () => {
    clock = new Date('2027-03-31T18:00:00Z'); // 23:30 on 31 March in India: still 2026-27
    const march = await place({ pricePaise: 500_00 });
    await pay(march);
    clock = new Date('2027-03-31T18:31:00Z'); // 00:01 on 1 April
    const april = await place({ pricePaise: 500_00 });
    await pay(april);
    const [m] = await invoiceOf(march.orderId);
    const [a] = await invoiceOf(april.orderId);
    expect(m!.financialYear).toBe('2026-27');
    expect(m!.sequence).toBeGreaterThan(20);
    expect(a).toMatchObject({ financialYear: '2027-28', sequence: 1, number: 'ZV/27-28/000001' });
    clock = new Date('2026-11-20T06:00:00Z');
  });

  it('asks for the PAN above ₹2,00,000, prints it on the invoice only, and shows it masked to admins', async () => {
    const big = { pricePaise: 2_00_000_01 };
    const missing = await placeRaw(big, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'PAN is required for orders above ₹2,00,000',
      issues: [{ path: 'buyerPan' }],
    });
    const malformed = await placeRaw(big, { buyerPan: 'ABCD1234EF' });
    expect(malformed.statusCode).toBe(400);
    expect(JSON.stringify(malformed.json())).toContain('Enter a valid PAN');

    const o = await place({ ...big, extra: { buyerPan: 'abcpe1234f', buyerGstin: '27AAPFU0939F1ZV' } });
    const [pending] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(pending!.buyerPan).toBe('ABCPE1234F');
    await pay(o);
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, o.orderId));
    expect(paid!.buyerPan).toBeNull();
    const text = await pdfText(
      (await t.app.inject({ url: `/api/orders/byId/${o.orderId}/invoice`, headers: asBuyer(o) })).rawPayload,
    );
    expect(text).toContain('PAN: ABCPE1234F');
    expect(text).toContain('GSTIN: 27AAPFU0939F1ZV');

    const detail = await t.app.inject({
      url: `/api/orders/admin/${o.orderNumber}`,
      headers: admin.headers,
    });
    expect(detail.json().tax).toMatchObject({
      buyerGstin: '27AAPFU0939F1ZV',
      panMasked: 'XXXXXX234F',
      documents: { invoice: { number: expect.stringMatching(/^ZV\//) } },
    });
    expect(detail.body).not.toContain('ABCPE1234F');
    const status = await t.app.inject({ url: `/api/orders/byId/${o.orderId}` });
    expect(status.body).not.toContain('ABCPE1234F');

    // Below the threshold a PAN is not kept even when sent.
    const small = await place({ pricePaise: 1000_00, extra: { buyerPan: 'ABCPE1234F' } });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, small.orderId));
    expect(row!.buyerPan).toBeNull();
  });

  async function placeRaw(opts: { pricePaise: number }, extra: object) {
    const product = await createProduct(t.db, { pricePaise: opts.pricePaise, stock: 5 });
    return initiate(t.app, orderBody(vendorSlug, [{ productSku: product.sku, quantity: 1 }], extra));
  }

  it('refuses a malformed buyer GSTIN', async () => {
    const res = await placeRaw({ pricePaise: 1000_00 }, { buyerGstin: '27AAPFU0939F1ZW' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Enter a valid 15-character GSTIN');
  });

  it('a refund issues a credit note against the invoice, from its own series, downloadable by the buyer', async () => {
    const o = await place({ pricePaise: 10_300_00 });
    await pay(o);
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${o.orderNumber}/status?status=CANCELLED&reason=Shopper%20asked`,
      headers: admin.headers,
    });
    expect(cancelled.json()).toMatchObject({ paymentStatus: 'REFUNDED' });
    const docs = await t.app.inject({
      url: `/api/orders/byId/${o.orderId}/tax-documents`,
      headers: asBuyer(o),
    });
    const { invoice, creditNotes } = docs.json() as {
      invoice: { number: string; total: number };
      creditNotes: Array<{ id: number; number: string; total: number }>;
    };
    expect(creditNotes).toHaveLength(1);
    // What the payment status page needs to say how much went back.
    expect(invoice.total).toBe(10_300);
    expect(creditNotes[0]!.total).toBe(10_300);
    expect(creditNotes[0]!.number).toMatch(/^ZC\/26-27\/\d{6}$/);
    const res = await t.app.inject({
      url: `/api/orders/byId/${o.orderId}/credit-notes/${creditNotes[0]!.id}`,
      headers: asBuyer(o),
    });
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Credit note No.: ${creditNotes[0]!.number}`);
    expect(text).toContain(`Against invoice: ${invoice.number}`);
    expect(text).toContain(`Credit note total ${rupees(10_300_00)}`);
    expect(text).toContain(`IGST @ 3% ${rupees(300_00)}`);
    // Another order's id does not open this credit note.
    const other = await place({ pricePaise: 500_00 });
    const foreign = await t.app.inject({
      url: `/api/orders/byId/${other.orderId}/credit-notes/${creditNotes[0]!.id}`,
      headers: asBuyer(other),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('numbers the credit notes of concurrent refunds consecutively, each against its invoice, in one statement', async () => {
    const placed: Awaited<ReturnType<typeof place>>[] = [];
    for (let i = 0; i < 8; i += 1) placed.push(await place({ pricePaise: 700_00 }));
    for (const o of placed) await pay(o);
    const cancelled = await Promise.all(
      placed.map((o) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/orders/${o.orderNumber}/status?status=CANCELLED&reason=Shopper%20asked`,
          headers: admin.headers,
        }),
      ),
    );
    for (const res of cancelled) expect(res.json(), res.body).toMatchObject({ paymentStatus: 'REFUNDED' });
    const notes = await t.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.kind, 'CREDIT_NOTE'), eq(taxDocuments.financialYear, '2026-27')));
    for (const o of placed) {
      const [invoice, ...credited] = await invoiceOf(o.orderId);
      expect(credited).toHaveLength(1);
      expect(credited[0]).toMatchObject({
        kind: 'CREDIT_NOTE',
        invoiceId: invoice!.id,
        refundId: expect.any(Number),
        totalPaise: 700_00,
      });
      expect(credited[0]!.number).toBe(`ZC/26-27/${String(credited[0]!.sequence).padStart(6, '0')}`);
    }
    // The whole credit-note series of the year has no gap and no repeat: 1..n.
    const sequences = notes.map((d) => d.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(sequences.map((_, i) => i + 1));

    // The series row is taken by the credit note's own insert (decision 0076): reading the invoice,
    // the refund's note if any and the series' last date, then one statement that numbers and inserts.
    const o = await place({ pricePaise: 700_00 });
    await pay(o);
    const [refund] = await t.db
      .insert(refunds)
      .values({
        orderId: o.orderId,
        providerPaymentId: 'pay_counted',
        amountPaise: 700_00,
        status: 'PROCESSED',
        requestedBy: 'test',
      })
      .returning();
    const before = t.database.statements.count;
    const id = await t.db.transaction((tx) => issueCreditNoteIn(tx, t.config, refund!, clock));
    const statements = t.database.statements.count - before;
    // PostgreSQL's client also counts the transaction's BEGIN and COMMIT.
    expect(statements).toBe(4 + (t.database.kind === 'postgres' ? 2 : 0));
    const [, note] = await invoiceOf(o.orderId);
    expect(note).toMatchObject({ id, refundId: refund!.id, sequence: Math.max(...sequences) + 1 });
  });

  it('attaches the invoice PDF to the confirmation mail, also when the first delivery attempt failed', async () => {
    const o = await place({ pricePaise: 2_000_00 });
    await pay(o);
    const mail = await onlyConfirmationDue(o.orderId);
    expect(mail.attachments).toHaveLength(1);
    const failing = { send: async () => Promise.reject(new Error('SMTP down')) };
    await deliverMail(failing, () => new Date());
    const [failed] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, mail.id));
    expect(failed).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'SMTP down' });
    const sent: MailMessage[] = [];
    // The outbox's clock is the database's (rows are queued at the real time), not the app's.
    const later = new Date(Date.now() + 3 * 60 * 60_000);
    await deliverMail({ send: async (m) => void sent.push(m) }, () => later);
    const confirmation = sent.find((m) => m.html.includes(o.orderNumber));
    const [doc] = await invoiceOf(o.orderId);
    expect(confirmation?.attachments?.[0]).toMatchObject({
      filename: `invoice-${doc!.number.replace(/\//g, '-')}.pdf`,
      contentType: 'application/pdf',
    });
    expect(await pdfText(confirmation!.attachments![0]!.content)).toContain(doc!.number);
  });

  it('renders the mailed invoice off the request thread, the same bytes, and sends the mail once when two runs deliver at once (decision 0101)', async () => {
    const o = await place({ pricePaise: 3_000_00 });
    await pay(o);
    const mail = await onlyConfirmationDue(o.orderId);
    // Every word a PDF draws is shaped by fontkit's `layout` (the order's number and payment id are
    // new words): on this thread, none may be.
    const fontkit = createRequire(loadOnUse.resolve('pdfkit'))('fontkit') as {
      openSync: (path: string) => object;
    };
    const font = fontkit.openSync(
      createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'),
    );
    const layout = vi.spyOn(Object.getPrototypeOf(font) as { layout: () => unknown }, 'layout');
    const sent: MailMessage[] = [];
    const later = new Date(Date.now() + 3 * 60 * 60_000);
    const run = () => deliverMail({ send: async (m) => void sent.push(m) }, () => later);
    try {
      await Promise.all([run(), run()]);
      expect(layout).not.toHaveBeenCalled();
    } finally {
      layout.mockRestore();
    }
    const mine = sent.filter((m) => m.html.includes(o.orderNumber));
    expect(mine).toHaveLength(1);
    const [doc] = await invoiceOf(o.orderId);
    const here = await renderTaxDocumentPdf({
      kind: doc!.kind,
      number: doc!.number,
      issuedAt: doc!.issuedAt,
      content: doc!.content,
      timeZone: t.config.BUSINESS_TIMEZONE,
    });
    expect(mine[0]!.attachments![0]!.content.equals(here)).toBe(true);
    const [after] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, mail.id));
    expect(after).toMatchObject({ status: 'SENT', attempts: 1 });
  });

  it('answers 404 for an unknown or malformed order id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await t.app.inject({ url: `/api/orders/byId/${id}/invoice`, headers: admin.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('lists the invoice series and the seller details for order managers', async () => {
    const list = await t.app.inject({ url: '/api/invoices?kind=CREDIT_NOTE', headers: admin.headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data[0]).toMatchObject({
      kind: 'CREDIT_NOTE',
      againstNumber: expect.stringMatching(/^ZV\//),
    });
    const all = await t.app.inject({ url: '/api/invoices?financialYear=2027-28', headers: admin.headers });
    expect(all.json()).toMatchObject({ total: 1, financialYears: ['2027-28', '2026-27'] });
    const bad = await t.app.inject({ url: '/api/invoices?financialYear=2027', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    const seller = await t.app.inject({ url: '/api/invoices/seller', headers: admin.headers });
    expect(seller.json()).toMatchObject({ gstin: '27AAPFU0939F1ZV', state: 'Maharashtra', stateCode: '27' });
  });
});
