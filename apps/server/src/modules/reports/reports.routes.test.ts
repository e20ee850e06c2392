import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gte, lt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { gstinCheckChar, type SalesRegisterSummary } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createAdminUser, createProduct, createVendor, type Actor } from '../../../test/factories';
import { address, confirmUrl, initiate, orderBody, sandboxPay } from '../../../test/payment-journey';
import { taxDocuments } from '../../db/schema';

const MUMBAI = { ...address, city: 'Mumbai', state: 'Maharashtra', postalCode: '400020' };
const BUYER_GSTIN = (() => {
  const first = '29ABCDE1234F1Z';
  return first + gstinCheckChar(first);
})();
const paise = (rupees: number) => Math.round(rupees * 100);

async function workbookOf(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return wb;
}

/** A sheet's rows as objects keyed by the header row. */
function rowsOf(sheet: ExcelJS.Worksheet | undefined): Array<Record<string, unknown>> {
  if (!sheet) throw new Error('sheet missing');
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Array<Record<string, unknown>> = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? ''])));
  });
  return rows;
}

async function csvRows(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  const sheet = await wb.csv.read(Readable.from(body.toString('utf8').replace(/^\uFEFF/, '')), {
    // Keep every cell as written (the reader would turn '05-Nov-2026' into a date).
    map: (v: unknown) => v,
  });
  return rowsOf(sheet);
}

const sum = (rows: Array<Record<string, unknown>>, col: string) =>
  rows.reduce((s, r) => s + paise(Number(r[col] || 0)), 0);

describe('GSTR-1 sales register and documents export', () => {
  let t: TestApp;
  let admin: Actor;
  let vendorSlug: string;
  let clock = new Date('2026-11-20T06:00:00Z');
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    admin = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    vendorSlug = (await createVendor(t.app, t.db, { plan: 'BASIC' })).slug;
  });
  afterAll(async () => t.close());

  async function paidOrder(pricePaise: number, quantity: number, extra: object = {}) {
    const product = await createProduct(t.db, { pricePaise, stock: 10 });
    const res = await initiate(t.app, orderBody(vendorSlug, [{ productSku: product.sku, quantity }], extra));
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json() as { orderId: string; orderNumber: string; razorpayOrderId: string };
    const paid = await t.app.inject({
      method: 'POST',
      url: confirmUrl(await sandboxPay(t.app, o.razorpayOrderId)),
    });
    expect(paid.json().status).toBe('success');
    const [invoice] = await t.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, o.orderId), eq(taxDocuments.kind, 'INVOICE')));
    return { ...o, invoice: invoice! };
  }

  async function refundOneUnit(orderNumber: string) {
    const detail = await t.app.inject({ url: `/api/orders/admin/${orderNumber}`, headers: admin.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    const [line] = detail.json().orderItems as Array<{ id: number }>;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderNumber}/refunds`,
      headers: admin.headers,
      payload: {
        lines: [{ orderItemId: line!.id, quantity: 1 }],
        reason: 'Returned: clasp loose',
        restock: true,
        idempotencyKey: `part-${orderNumber}`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  const get = (url: string) => t.app.inject({ url, headers: admin.headers });

  /** The month's documents as stored: the figures the register must add up to. */
  async function storedDocuments(from: string, to: string) {
    return t.db
      .select()
      .from(taxDocuments)
      .where(and(gte(taxDocuments.issuedAt, new Date(from)), lt(taxDocuments.issuedAt, new Date(to))));
  }

  beforeAll(async () => {
    // Karnataka buyers of a Maharashtra seller: inter-state (IGST); Mumbai: intra-state (CGST + SGST).
    const small = await paidOrder(20_600_00, 2); // B2CS inter-state, ₹41,200
    const intra = await paidOrder(10_300_00, 3, { shippingAddress: MUMBAI }); // B2CS intra-state
    const b2b = await paidOrder(51_500_00, 2, { buyerGstin: BUYER_GSTIN }); // B2B
    const large = await paidOrder(61_800_00, 2); // B2CL: ₹1,23,600 > ₹1,00,000, inter-state
    const bigIntra = await paidOrder(1_54_500_00, 1, { shippingAddress: MUMBAI }); // B2CS: intra-state at any value
    // Sessions follow the app's clock: sign in again after moving it.
    clock = new Date('2026-11-25T09:30:00Z');
    admin = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    await refundOneUnit(intra.orderNumber); // B2CS credit note, netted
    await refundOneUnit(b2b.orderNumber); // CDNR
    await refundOneUnit(large.orderNumber); // CDNUR (B2CL)
    // A full cancel in December: its credit note belongs to December's register, not November's.
    clock = new Date('2026-12-02T05:00:00Z');
    admin = await createAdminUser(t.app, t.db, ['MANAGE_ORDERS']);
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${small.orderNumber}/status?status=CANCELLED&reason=Shopper%20asked`,
      headers: admin.headers,
    });
    expect(cancelled.json()).toMatchObject({ paymentStatus: 'REFUNDED' });
    Object.assign(numbers, {
      small: small.invoice.number,
      intra: intra.invoice.number,
      b2b: b2b.invoice.number,
      large: large.invoice.number,
      bigIntra: bigIntra.invoice.number,
    });
  });

  it('sums November to the paisa: every table together equals the invoices less the credit notes', async () => {
    const res = await get('/api/reports/gst-sales-register?month=2026-11');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as SalesRegisterSummary;
    // November in IST: 1 Nov 00:00 IST is 31 Oct 18:30 UTC.
    const docs = await storedDocuments('2026-10-31T18:30:00Z', '2026-11-30T18:30:00Z');
    const of = (kind: string) => docs.filter((d) => d.kind === kind);
    const total = (list: typeof docs, pick: (d: (typeof docs)[number]) => number) =>
      list.reduce((n, d) => n + pick(d), 0);
    const inv = of('INVOICE');
    const cn = of('CREDIT_NOTE');
    expect(s.invoices.count).toBe(5);
    expect(s.creditNotes.count).toBe(3);
    expect(paise(s.invoices.value)).toBe(total(inv, (d) => d.totalPaise));
    expect(paise(s.invoices.taxableValue)).toBe(total(inv, (d) => d.taxablePaise));
    expect(paise(s.invoices.igst + s.invoices.cgst + s.invoices.sgst)).toBe(total(inv, (d) => d.taxPaise));
    expect(paise(s.creditNotes.value)).toBe(total(cn, (d) => d.totalPaise));
    expect(paise(s.creditNotes.taxableValue)).toBe(total(cn, (d) => d.taxablePaise));

    expect(s.tables.b2b.count).toBe(1);
    expect(s.tables.b2cl.count).toBe(1);
    expect(s.tables.cdnr.count).toBe(1);
    expect(s.tables.cdnur.count).toBe(1);
    expect(s.b2clThreshold).toBe(100_000);
    const { b2b, b2cl, b2cs, cdnr, cdnur, hsn } = s.tables;
    for (const k of ['value', 'taxableValue', 'igst', 'cgst', 'sgst'] as const) {
      const net = paise(s.invoices[k]) - paise(s.creditNotes[k]);
      expect(paise(b2b[k]) + paise(b2cl[k]) + paise(b2cs[k]) - paise(cdnr[k]) - paise(cdnur[k]), k).toBe(net);
      if (k !== 'value') expect(paise(hsn[k]), k).toBe(net);
    }
    // Pieces sold less pieces returned: 2 + 3 + 2 + 2 + 1 sold, 3 returned.
    expect(hsn.quantity).toBe(7);

    const december = (
      await get('/api/reports/gst-sales-register?month=2026-12')
    ).json() as SalesRegisterSummary;
    expect(december.invoices.count).toBe(0);
    expect(december.creditNotes.count).toBe(1);
    expect(paise(december.tables.b2cs.taxableValue)).toBe(-paise(december.creditNotes.taxableValue));
  });

  it('the xlsx parses back: a sheet per table, B2B with the buyer GSTIN, credit notes linked to their invoices', async () => {
    const res = await get('/api/reports/gst-sales-register/xlsx?month=2026-11');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="gstr1-sales-register-2026-11.xlsx"',
    );
    const wb = await workbookOf(res.rawPayload);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'summary',
      'b2b',
      'b2cl',
      'b2cs',
      'cdnr',
      'cdnur',
      'hsn',
      'docs',
    ]);
    const [b2b] = rowsOf(wb.getWorksheet('b2b'));
    expect(b2b).toMatchObject({
      'GSTIN/UIN of Recipient': BUYER_GSTIN,
      'Invoice Number': numbers.b2b,
      'Invoice date': '20-Nov-2026',
      'Place Of Supply': '29-Karnataka',
      'Reverse Charge': 'N',
      Rate: 3,
      'Invoice Value': 1_03_000,
    });
    expect(rowsOf(wb.getWorksheet('b2cl'))).toEqual([
      expect.objectContaining({ 'Invoice Number': numbers.large, 'Place Of Supply': '29-Karnataka' }),
    ]);
    expect(rowsOf(wb.getWorksheet('cdnr'))[0]).toMatchObject({
      'Original Invoice Number': numbers.b2b,
      'Original Invoice date': '20-Nov-2026',
      'Note Date': '25-Nov-2026',
    });
    expect(rowsOf(wb.getWorksheet('cdnur'))[0]).toMatchObject({
      'UR Type': 'B2CL',
      'Original Invoice Number': numbers.large,
    });
    const b2cs = rowsOf(wb.getWorksheet('b2cs'));
    expect(b2cs.map((r) => r['Place Of Supply']).sort()).toEqual(['27-Maharashtra', '29-Karnataka']);
    const mh = b2cs.find((r) => r['Place Of Supply'] === '27-Maharashtra')!;
    expect(paise(Number(mh['Central Tax']))).toBeGreaterThan(0);
    expect(mh['Integrated Tax']).toBe(0);
    const hsn = rowsOf(wb.getWorksheet('hsn'));
    expect(hsn[0]).toMatchObject({ UQC: 'NOS-NUMBERS', Rate: 3 });
    // Sheets add up like the summary: B2B + B2CL + B2CS − CDNR − CDNUR = HSN, taxable and each tax.
    for (const [col, hsnCol] of [
      ['Taxable Value', 'Taxable Value'],
      ['Integrated Tax', 'Integrated Tax Amount'],
    ] as const) {
      const sheets = (name: string) => sum(rowsOf(wb.getWorksheet(name)), col);
      expect(sheets('b2b') + sheets('b2cl') + sheets('b2cs') - sheets('cdnr') - sheets('cdnur')).toBe(
        sum(hsn, hsnCol),
      );
    }
    expect(rowsOf(wb.getWorksheet('docs'))).toEqual([
      expect.objectContaining({ 'Nature of Document': 'Invoices for outward supply', 'Total Number': 5 }),
      expect.objectContaining({ 'Nature of Document': 'Credit Note', 'Total Number': 3 }),
    ]);
  });

  it('each table downloads as CSV and parses back with the same figures', async () => {
    const res = await get('/api/reports/gst-sales-register/csv?month=2026-11&table=b2b');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [row] = await csvRows(res.rawPayload);
    expect(row).toMatchObject({ 'GSTIN/UIN of Recipient': BUYER_GSTIN, 'Invoice date': '20-Nov-2026' });
    const summary = (
      await get('/api/reports/gst-sales-register?month=2026-11')
    ).json() as SalesRegisterSummary;
    const hsn = await csvRows(
      (await get('/api/reports/gst-sales-register/csv?month=2026-11&table=hsn')).rawPayload,
    );
    expect(sum(hsn, 'Taxable Value')).toBe(paise(summary.tables.hsn.taxableValue));
    expect(hsn.reduce((n, r) => n + Number(r['Total Quantity']), 0)).toBe(7);
  });

  it('exports every invoice and credit note of a period, as xlsx and CSV, adding up to the documents', async () => {
    const csv = await get('/api/reports/tax-documents?from=2026-11-01&to=2026-12-31&format=csv');
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = await csvRows(csv.rawPayload);
    const docs = await storedDocuments('2026-10-31T18:30:00Z', '2026-12-31T18:30:00Z');
    expect(rows).toHaveLength(docs.length);
    expect(rows.filter((r) => r.Document === 'Credit note')).toHaveLength(4);
    expect(sum(rows, 'Total')).toBe(docs.reduce((n, d) => n + d.totalPaise, 0));
    const note = rows.find((r) => r['GSTR-1 table'] === 'CDNR')!;
    expect(note['Against invoice']).toBe(numbers.b2b);
    const xlsx = await get('/api/reports/tax-documents?from=2026-11-01&to=2026-11-30');
    expect(xlsx.headers['content-disposition']).toContain('tax-documents-2026-11-01-to-2026-11-30.xlsx');
    const sheet = rowsOf((await workbookOf(xlsx.rawPayload)).getWorksheet('Documents'));
    expect(sheet).toHaveLength(8);
    expect(sum(sheet, 'Taxable value')).toBe(
      docs
        .filter((d) => d.issuedAt < new Date('2026-11-30T18:30:00Z'))
        .reduce((n, d) => n + d.taxablePaise, 0),
    );
  });

  it('refuses a malformed month, table or period with 400, never a 500', async () => {
    for (const url of [
      '/api/reports/gst-sales-register?month=2026-13',
      '/api/reports/gst-sales-register?month=%27%3Bdrop',
      '/api/reports/gst-sales-register',
      '/api/reports/gst-sales-register/xlsx?month=2016-01',
      '/api/reports/gst-sales-register/csv?month=2026-11&table=nope',
      '/api/reports/tax-documents?from=2026-12-01&to=2026-11-01',
      '/api/reports/tax-documents?from=2020-01-01&to=2026-11-01',
      '/api/reports/tax-documents?from=yesterday&to=2026-11-01',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toHaveProperty('code');
    }
  });

  it('a month without documents is an empty register, not an error', async () => {
    const s = (await get('/api/reports/gst-sales-register?month=2025-06')).json() as SalesRegisterSummary;
    expect(s.invoices).toMatchObject({ count: 0, value: 0 });
    expect(s.b2clThreshold).toBe(100_000);
    const wb = await workbookOf((await get('/api/reports/gst-sales-register/xlsx?month=2024-07')).rawPayload);
    expect(rowsOf(wb.getWorksheet('b2b'))).toEqual([]);
  });
});
