import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  b2clThresholdPaise,
  buildSalesRegister,
  documentTable,
  documentsExportQuery,
  gstDate,
  gstr1PlaceOfSupply,
  reportMonthSchema,
  summariseRegister,
  type RegisterDocument,
  type RegisterLine,
  type TaxFigures,
} from './gst-sales-register';

const line = (over: Partial<RegisterLine> = {}): RegisterLine => ({
  hsn: '711319',
  sku: 'RING-1',
  quantity: 1,
  basisPoints: 300,
  taxablePaise: 100_000_00,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 3_000_00,
  totalPaise: 103_000_00,
  ...over,
});

const doc = (over: Partial<RegisterDocument> = {}): RegisterDocument => {
  const lines = over.lines ?? [line()];
  const roundOffPaise = over.roundOffPaise ?? 0;
  return {
    kind: 'INVOICE',
    number: 'ZV/26-27/000001',
    date: '2026-11-05',
    buyerName: 'Asha Rao',
    buyerGstin: null,
    placeOfSupply: { state: 'Karnataka', code: '29' },
    intraState: false,
    roundOffPaise,
    totalPaise: lines.reduce((s, l) => s + l.totalPaise, 0) + roundOffPaise,
    against: null,
    ...over,
    lines,
  };
};

describe('GSTR-1 tables', () => {
  it('B2CL takes inter-state invoices to unregistered buyers above one lakh from August 2024, 2.5 lakh before', () => {
    expect(b2clThresholdPaise('2024-07-31')).toBe(2_50_000_00);
    expect(b2clThresholdPaise('2024-08-01')).toBe(1_00_000_00);
    const at = (totalPaise: number, date = '2026-11-05') =>
      documentTable(doc({ date, lines: [line({ totalPaise })] }));
    expect(at(1_00_000_00)).toBe('b2cs');
    expect(at(1_00_000_01)).toBe('b2cl');
    expect(at(2_00_000_00, '2024-07-15')).toBe('b2cs');
    expect(documentTable(doc({ intraState: true, lines: [line({ totalPaise: 9_00_000_00 })] }))).toBe('b2cs');
    expect(documentTable(doc({ buyerGstin: '27AAPFU0939F1ZV' }))).toBe('b2b');
  });

  it('a credit note follows its invoice: CDNR with a GSTIN, CDNUR against a B2CL invoice, else B2CS', () => {
    const note = (over: Partial<RegisterDocument>) =>
      documentTable(doc({ kind: 'CREDIT_NOTE', number: 'ZC/26-27/000001', ...over }));
    const big = { number: 'ZV/26-27/000001', date: '2026-10-30', totalPaise: 1_50_000_00 };
    expect(note({ buyerGstin: '27AAPFU0939F1ZV', against: big })).toBe('cdnr');
    expect(note({ against: big, lines: [line({ totalPaise: 10_000_00 })] })).toBe('cdnur');
    expect(note({ against: { ...big, totalPaise: 90_000_00 } })).toBe('b2cs');
    expect(note({ against: big, intraState: true })).toBe('b2cs');
  });

  it('writes the place of supply with its state code, and dates as the offline tool does', () => {
    expect(gstr1PlaceOfSupply({ state: 'Maharashtra', code: '27' })).toBe('27-Maharashtra');
    expect(gstr1PlaceOfSupply({ state: 'Delhi', code: null })).toBe('07-Delhi');
    expect(gstDate('2026-11-05')).toBe('05-Nov-2026');
  });

  it('nets B2C credit notes into B2CS by place of supply and rate, and sums the HSN summary with quantities', () => {
    const intra = (taxable: number, qty: number) =>
      line({
        taxablePaise: taxable,
        cgstPaise: taxable * 0.015,
        sgstPaise: taxable * 0.015,
        igstPaise: 0,
        totalPaise: taxable * 1.03,
        quantity: qty,
      });
    const mh = { state: 'Maharashtra', code: '27' };
    const docs = [
      doc({ number: 'ZV/26-27/000001', placeOfSupply: mh, intraState: true, lines: [intra(50_000_00, 2)] }),
      doc({ number: 'ZV/26-27/000002', placeOfSupply: mh, intraState: true, lines: [intra(10_000_00, 1)] }),
      doc({
        kind: 'CREDIT_NOTE',
        number: 'ZC/26-27/000001',
        placeOfSupply: mh,
        intraState: true,
        lines: [intra(10_000_00, 1)],
        against: { number: 'ZV/26-27/000002', date: '2026-11-05', totalPaise: 10_300_00 },
      }),
    ];
    const r = buildSalesRegister(docs);
    expect(r.b2cs).toEqual([
      {
        placeOfSupply: '27-Maharashtra',
        ratePercent: 3,
        taxablePaise: 50_000_00,
        cgstPaise: 750_00,
        sgstPaise: 750_00,
        igstPaise: 0,
      },
    ]);
    expect(r.hsn).toMatchObject([
      { supply: 'B2C', hsn: '711319', uqc: 'NOS-NUMBERS', quantity: 2, taxablePaise: 50_000_00 },
    ]);
    expect(r.docs).toEqual([
      {
        nature: 'Invoices for outward supply',
        from: 'ZV/26-27/000001',
        to: 'ZV/26-27/000002',
        total: 2,
        cancelled: 0,
      },
      { nature: 'Credit Note', from: 'ZC/26-27/000001', to: 'ZC/26-27/000001', total: 1, cancelled: 0 },
    ]);
  });

  it('one B2B row per invoice and rate, with the invoice value on each; lines without a SKU carry no quantity', () => {
    const r = buildSalesRegister([
      doc({
        buyerGstin: '27AAPFU0939F1ZV',
        roundOffPaise: 40,
        lines: [
          line(),
          line({
            basisPoints: 1800,
            sku: '',
            quantity: 1,
            taxablePaise: 100_00,
            igstPaise: 18_00,
            totalPaise: 118_00,
          }),
        ],
      }),
    ]);
    expect(r.b2b.map((b) => [b.ratePercent, b.taxablePaise, b.invoiceValuePaise])).toEqual([
      [3, 100_000_00, 103_118_40],
      [18, 100_00, 103_118_40],
    ]);
    expect(r.hsn.map((h) => [h.supply, h.ratePercent, h.quantity])).toEqual([
      ['B2B', 3, 1],
      ['B2B', 18, 0],
    ]);
  });

  it('accepts months from July 2017 and periods of at most a year', () => {
    expect(reportMonthSchema.safeParse('2026-11').success).toBe(true);
    expect(reportMonthSchema.safeParse('2017-06').success).toBe(false);
    expect(reportMonthSchema.safeParse('2026-13').success).toBe(false);
    expect(reportMonthSchema.safeParse("2026-11'; drop").success).toBe(false);
    expect(documentsExportQuery.safeParse({ from: '2026-04-01', to: '2027-03-31' }).success).toBe(true);
    expect(documentsExportQuery.safeParse({ from: '2026-04-02', to: '2026-04-01' }).success).toBe(false);
    expect(documentsExportQuery.safeParse({ from: '2025-01-01', to: '2026-04-01' }).success).toBe(false);
  });
});

const STATES = [
  { state: 'Maharashtra', code: '27' },
  { state: 'Karnataka', code: '29' },
  { state: 'Delhi', code: '07' },
];
const lineArb = (intraState: boolean) =>
  fc
    .record({
      hsn: fc.constantFrom('711311', '711319'),
      sku: fc.constantFrom('', 'A-1', 'B-2'),
      quantity: fc.integer({ min: 0, max: 5 }),
      basisPoints: fc.constantFrom(300, 500, 1800),
      taxablePaise: fc.integer({ min: 0, max: 5_00_000_00 }),
      taxPaise: fc.integer({ min: 0, max: 50_000_00 }),
      cgstShare: fc.integer({ min: 0, max: 100 }),
    })
    .map(({ taxPaise, cgstShare, ...l }): RegisterLine => {
      const cgst = intraState ? Math.floor((taxPaise * cgstShare) / 100) : 0;
      return {
        ...l,
        cgstPaise: cgst,
        sgstPaise: intraState ? taxPaise - cgst : 0,
        igstPaise: intraState ? 0 : taxPaise,
        totalPaise: l.taxablePaise + taxPaise,
      };
    });
const docArb = fc
  .record({
    kind: fc.constantFrom('INVOICE' as const, 'CREDIT_NOTE' as const),
    seq: fc.integer({ min: 1, max: 999_999 }),
    day: fc.integer({ min: 1, max: 28 }),
    gstin: fc.option(fc.constantFrom('27AAPFU0939F1ZV', '29AAGCB7383J1Z4'), { nil: null }),
    place: fc.constantFrom(...STATES),
    intraState: fc.boolean(),
    roundOffPaise: fc.integer({ min: 0, max: 99 }),
    againstTotal: fc.integer({ min: 0, max: 3_00_000_00 }),
  })
  .chain((d) =>
    fc.array(lineArb(d.intraState), { minLength: 1, maxLength: 4 }).map((lines): RegisterDocument => ({
      kind: d.kind,
      number: `${d.kind === 'INVOICE' ? 'ZV' : 'ZC'}/26-27/${String(d.seq).padStart(6, '0')}`,
      date: `2026-11-${String(d.day).padStart(2, '0')}`,
      buyerName: 'Buyer',
      buyerGstin: d.gstin,
      placeOfSupply: d.place,
      intraState: d.intraState,
      lines,
      roundOffPaise: d.roundOffPaise,
      totalPaise: lines.reduce((s, l) => s + l.totalPaise, 0) + d.roundOffPaise,
      against:
        d.kind === 'CREDIT_NOTE'
          ? { number: 'ZV/26-27/000001', date: '2026-10-01', totalPaise: d.againstTotal }
          : null,
    })),
  );
// Numbers are unique within a month's documents.
const docsArb = fc.uniqueArray(docArb, { selector: (d) => d.number, maxLength: 25 });

const FIELDS: Array<keyof TaxFigures | 'valuePaise'> = [
  'taxablePaise',
  'igstPaise',
  'cgstPaise',
  'sgstPaise',
  'valuePaise',
];

describe('GSTR-1 register totals (property)', () => {
  it('for any invoices and credit notes, the tables add up to the documents to the paisa', () => {
    fc.assert(
      fc.property(docsArb, (docs) => {
        const s = summariseRegister(docs, buildSalesRegister(docs));
        for (const f of FIELDS) {
          const net = s.invoices[f] - s.creditNotes[f];
          expect(s.b2b[f] + s.b2cl[f] + s.b2cs[f] - s.cdnr[f] - s.cdnur[f]).toBe(net);
          if (f !== 'valuePaise') expect(s.hsn[f]).toBe(net);
        }
        expect(s.hsn.valuePaise + s.invoices.roundOffPaise - s.creditNotes.roundOffPaise).toBe(
          s.invoices.valuePaise - s.creditNotes.valuePaise,
        );
        const b2csInvoices = docs.filter((d) => d.kind === 'INVOICE' && documentTable(d) === 'b2cs').length;
        expect(s.b2b.count + s.b2cl.count + b2csInvoices).toBe(s.invoices.count);
        const b2csNotes = docs.filter((d) => d.kind === 'CREDIT_NOTE' && documentTable(d) === 'b2cs').length;
        expect(s.cdnr.count + s.cdnur.count + b2csNotes).toBe(s.creditNotes.count);
        const qty = (kind: string) =>
          docs
            .filter((d) => d.kind === kind)
            .flatMap((d) => d.lines)
            .reduce((n, l) => n + (l.sku ? l.quantity : 0), 0);
        expect(s.hsn.quantity).toBe(qty('INVOICE') - qty('CREDIT_NOTE'));
      }),
    );
  });

  it('every registered buyer document is invoice-wise (B2B or CDNR), never summed into B2CS', () => {
    fc.assert(
      fc.property(docsArb, (docs) => {
        const r = buildSalesRegister(docs);
        const registered = docs.filter((d) => d.buyerGstin);
        const numbers = new Set([...r.b2b.map((b) => b.invoiceNumber), ...r.cdnr.map((c) => c.noteNumber)]);
        expect(registered.every((d) => numbers.has(d.number))).toBe(true);
        expect(r.b2cl.every((b) => b.igstPaise >= 0 && b.cgstPaise === 0 && b.sgstPaise === 0)).toBe(true);
      }),
    );
  });
});
