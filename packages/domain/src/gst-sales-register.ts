import { z } from 'zod';
import { GST_STATE_CODES, gstStateCode, type TaxDocumentKind } from './gst';
import { safeString } from './primitives';

/*
 * The GSTR-1 sales register of a month (issue 23 item 8): how issued invoices and credit notes fall
 * into the return's tables, and the figures of each table. Pure; the server reads the documents of the
 * month and writes the result as xlsx and CSV. Every figure is a sum of the documents' own figures in
 * paise (nothing is recomputed), so the register equals the invoices and credit notes to the paisa.
 *
 * Tables (GSTR-1, rule 59(4) CGST Rules):
 * - B2B (table 4): invoices to a registered buyer (GSTIN on the invoice), one row per invoice and rate.
 * - B2CL (table 5): inter-state invoices to an unregistered buyer worth more than the B2CL threshold.
 * - B2CS (table 7): every other invoice to an unregistered buyer, summed by place of supply and rate,
 *   net of the credit notes issued against such invoices (GSTR-1 reports those in table 7, not 9B).
 * - CDNR (table 9B, registered): credit notes against invoices to a registered buyer.
 * - CDNUR (table 9B, unregistered): credit notes against B2CL invoices.
 * - HSN (table 12): net of credit notes, by B2B / B2C supply, HSN and rate, with quantity and UQC.
 * - Documents issued (table 13): the number range of each series used in the month.
 */

/**
 * Invoice value above which an inter-state invoice to an unregistered buyer is reported one by one
 * (B2CL): "more than one lakh rupees" from 1 August 2024 (rule 59(4)(a)(ii) CGST Rules as amended by
 * Notification 12/2024-Central Tax of 10 July 2024), two and a half lakh before. Newest first; the
 * invoice's date picks the threshold in force.
 */
export const B2CL_THRESHOLDS: ReadonlyArray<{ from: string; paise: number }> = [
  { from: '2024-08-01', paise: 1_00_000_00 },
  { from: '2017-07-01', paise: 2_50_000_00 },
];

/** Unit quantity code of a line: jewellery is sold by the piece (GST UQC list: NOS-NUMBERS). */
export const GSTR1_UQC = 'NOS-NUMBERS';

/** Descriptions of the HSN codes the catalogue uses (customs tariff, chapter 71). */
const HSN_DESCRIPTIONS: Record<string, string> = {
  '7113': 'Articles of jewellery and parts thereof, of precious metal',
  '711311': 'Articles of jewellery of silver',
  '711319': 'Articles of jewellery of other precious metal',
  '711320': 'Articles of jewellery of base metal clad with precious metal',
};

export function hsnDescription(hsn: string): string {
  return HSN_DESCRIPTIONS[hsn] ?? HSN_DESCRIPTIONS[hsn.slice(0, 4)] ?? '';
}

export function b2clThresholdPaise(isoDate: string): number {
  const hit = B2CL_THRESHOLDS.find((t) => isoDate >= t.from) ?? B2CL_THRESHOLDS[B2CL_THRESHOLDS.length - 1]!;
  return hit.paise;
}

export type RegisterLine = {
  hsn: string;
  /** Empty for lines that are no catalogue piece (shipping, a refund of value only): no quantity. */
  sku: string;
  quantity: number;
  basisPoints: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

export type RegisterDocument = {
  kind: TaxDocumentKind;
  number: string;
  /** Date of issue in the business timezone, 'YYYY-MM-DD'. */
  date: string;
  buyerName: string;
  buyerGstin: string | null;
  placeOfSupply: { state: string; code: string | null };
  intraState: boolean;
  lines: RegisterLine[];
  roundOffPaise: number;
  totalPaise: number;
  /** A credit note's invoice: its number, date and value (which decide the note's table). */
  against: { number: string; date: string; totalPaise: number } | null;
};

export type TaxFigures = { taxablePaise: number; igstPaise: number; cgstPaise: number; sgstPaise: number };
type Rated = TaxFigures & { ratePercent: number };

export type B2bRow = Rated & {
  gstin: string;
  receiverName: string;
  invoiceNumber: string;
  invoiceDate: string;
  invoiceValuePaise: number;
  placeOfSupply: string;
};
export type B2clRow = Rated & {
  invoiceNumber: string;
  invoiceDate: string;
  invoiceValuePaise: number;
  placeOfSupply: string;
};
export type B2csRow = Rated & { placeOfSupply: string };
export type CdnrRow = Rated & {
  gstin: string;
  receiverName: string;
  noteNumber: string;
  noteDate: string;
  noteValuePaise: number;
  placeOfSupply: string;
  invoiceNumber: string;
  invoiceDate: string;
};
export type CdnurRow = Rated & {
  noteNumber: string;
  noteDate: string;
  noteValuePaise: number;
  placeOfSupply: string;
  invoiceNumber: string;
  invoiceDate: string;
};
export type HsnRow = Rated & {
  supply: 'B2B' | 'B2C';
  hsn: string;
  description: string;
  uqc: string;
  quantity: number;
  totalValuePaise: number;
};
export type DocsRow = { nature: string; from: string; to: string; total: number; cancelled: number };

export type RegisterTableKey = 'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur' | 'hsn';
/** Where a document goes: its table in the return. */
export type DocumentTable = 'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur';

export type SalesRegister = {
  b2b: B2bRow[];
  b2cl: B2clRow[];
  b2cs: B2csRow[];
  cdnr: CdnrRow[];
  cdnur: CdnurRow[];
  hsn: HsnRow[];
  docs: DocsRow[];
};

/** '27-Maharashtra', as the return writes a place of supply. */
export function gstr1PlaceOfSupply(p: { state: string; code: string | null }): string {
  const code = p.code ?? gstStateCode(p.state);
  return code ? `${code}-${GST_STATE_CODES[code] ?? p.state}` : p.state;
}

/** Whether an invoice to an unregistered buyer is a large inter-state one (B2CL). */
function isLargeInterState(intraState: boolean, date: string, totalPaise: number): boolean {
  return !intraState && totalPaise > b2clThresholdPaise(date);
}

/** The table a document is reported in. */
export function documentTable(doc: RegisterDocument): DocumentTable {
  if (doc.kind === 'INVOICE') {
    if (doc.buyerGstin) return 'b2b';
    return isLargeInterState(doc.intraState, doc.date, doc.totalPaise) ? 'b2cl' : 'b2cs';
  }
  if (doc.buyerGstin) return 'cdnr';
  const inv = doc.against;
  return inv && isLargeInterState(doc.intraState, inv.date, inv.totalPaise) ? 'cdnur' : 'b2cs';
}

const ratePercent = (basisPoints: number) => basisPoints / 100;
const zero = (): TaxFigures => ({ taxablePaise: 0, igstPaise: 0, cgstPaise: 0, sgstPaise: 0 });

function addInto(into: TaxFigures, l: TaxFigures, sign = 1) {
  into.taxablePaise += sign * l.taxablePaise;
  into.igstPaise += sign * l.igstPaise;
  into.cgstPaise += sign * l.cgstPaise;
  into.sgstPaise += sign * l.sgstPaise;
}

/** A document's figures by rate (lines of one rate summed), in order of first appearance. */
function byRate(doc: RegisterDocument): Rated[] {
  const rates = new Map<number, Rated>();
  for (const l of doc.lines) {
    const key = l.basisPoints;
    const row = rates.get(key) ?? { ratePercent: ratePercent(key), ...zero() };
    addInto(row, l);
    rates.set(key, row);
  }
  return [...rates.values()];
}

function groupInto<T extends TaxFigures>(map: Map<string, T>, key: string, make: () => T): T {
  const hit = map.get(key);
  if (hit) return hit;
  const row = make();
  map.set(key, row);
  return row;
}

function documentsIssued(docs: RegisterDocument[]): DocsRow[] {
  const rows: DocsRow[] = [];
  const series: Array<[TaxDocumentKind, string]> = [
    ['INVOICE', 'Invoices for outward supply'],
    ['CREDIT_NOTE', 'Credit Note'],
  ];
  for (const [kind, nature] of series) {
    const numbers = docs
      .filter((d) => d.kind === kind)
      .map((d) => d.number)
      .sort();
    // One row per series prefix and year (ZV/26-27/...): numbers of one series sort in issue order.
    const bySeries = new Map<string, string[]>();
    for (const n of numbers) {
      const key = n.slice(0, n.lastIndexOf('/'));
      bySeries.set(key, [...(bySeries.get(key) ?? []), n]);
    }
    for (const list of bySeries.values()) {
      rows.push({ nature, from: list[0]!, to: list[list.length - 1]!, total: list.length, cancelled: 0 });
    }
  }
  return rows;
}

/**
 * The register of a set of documents (a month's). Rows keep the order of the documents given (the
 * server gives them in issue order); grouped tables are sorted by their keys.
 */
export function buildSalesRegister(docs: RegisterDocument[]): SalesRegister {
  const register: SalesRegister = { b2b: [], b2cl: [], b2cs: [], cdnr: [], cdnur: [], hsn: [], docs: [] };
  const b2cs = new Map<string, B2csRow>();
  const hsn = new Map<string, HsnRow>();
  for (const doc of docs) {
    const table = documentTable(doc);
    const pos = gstr1PlaceOfSupply(doc.placeOfSupply);
    const sign = doc.kind === 'INVOICE' ? 1 : -1;
    for (const r of byRate(doc)) {
      if (table === 'b2b') {
        register.b2b.push({
          gstin: doc.buyerGstin!,
          receiverName: doc.buyerName,
          invoiceNumber: doc.number,
          invoiceDate: doc.date,
          invoiceValuePaise: doc.totalPaise,
          placeOfSupply: pos,
          ...r,
        });
      } else if (table === 'b2cl') {
        register.b2cl.push({
          invoiceNumber: doc.number,
          invoiceDate: doc.date,
          invoiceValuePaise: doc.totalPaise,
          placeOfSupply: pos,
          ...r,
        });
      } else if (table === 'b2cs') {
        const row = groupInto(b2cs, `${pos}|${r.ratePercent}`, () => ({
          placeOfSupply: pos,
          ratePercent: r.ratePercent,
          ...zero(),
        }));
        addInto(row, r, sign);
      } else {
        const note = {
          noteNumber: doc.number,
          noteDate: doc.date,
          noteValuePaise: doc.totalPaise,
          placeOfSupply: pos,
          invoiceNumber: doc.against?.number ?? '',
          invoiceDate: doc.against?.date ?? '',
          ...r,
        };
        if (table === 'cdnr')
          register.cdnr.push({ gstin: doc.buyerGstin!, receiverName: doc.buyerName, ...note });
        else register.cdnur.push(note);
      }
    }
    const supply = doc.buyerGstin ? 'B2B' : 'B2C';
    for (const l of doc.lines) {
      const rate = ratePercent(l.basisPoints);
      const row = groupInto(hsn, `${supply}|${l.hsn}|${rate}`, () => ({
        supply,
        hsn: l.hsn,
        description: hsnDescription(l.hsn),
        uqc: GSTR1_UQC,
        ratePercent: rate,
        quantity: 0,
        totalValuePaise: 0,
        ...zero(),
      }));
      addInto(row, l, sign);
      row.quantity += sign * (l.sku ? l.quantity : 0);
      row.totalValuePaise += sign * l.totalPaise;
    }
  }
  const byKey =
    <T extends { ratePercent: number }>(key: (r: T) => string) =>
    (a: T, b: T) =>
      key(a).localeCompare(key(b)) || a.ratePercent - b.ratePercent;
  register.b2cs = [...b2cs.values()].sort(byKey((r) => r.placeOfSupply));
  register.hsn = [...hsn.values()].sort(byKey((r) => `${r.supply}|${r.hsn}`));
  register.docs = documentsIssued(docs);
  return register;
}

/** Counts and sums (paise) of a table or a kind of document. */
export type RegisterTotals = TaxFigures & { count: number; valuePaise: number };

function totalsOf(rows: Array<TaxFigures & { valuePaise?: number }>, count: number, valuePaise: number) {
  const t: RegisterTotals = { count, valuePaise, ...zero() };
  for (const r of rows) addInto(t, r);
  return t;
}

/** The distinct documents' values of invoice-wise rows (a document of two rates has two rows). */
function valueOfDocuments<T>(rows: T[], number: (r: T) => string, value: (r: T) => number) {
  const seen = new Map<string, number>();
  for (const r of rows) seen.set(number(r), value(r));
  return { count: seen.size, valuePaise: [...seen.values()].reduce((s, v) => s + v, 0) };
}

export type RegisterSummary = {
  invoices: RegisterTotals & { roundOffPaise: number };
  creditNotes: RegisterTotals & { roundOffPaise: number };
  b2b: RegisterTotals;
  b2cl: RegisterTotals;
  /** Net of its credit notes; `count` is its rows (place of supply and rate). */
  b2cs: RegisterTotals;
  cdnr: RegisterTotals;
  cdnur: RegisterTotals;
  /** Net of credit notes; `count` is its rows; value is the lines' (without round-off). */
  hsn: RegisterTotals & { quantity: number };
};

/** Totals of the documents themselves and of each table of their register. */
export function summariseRegister(docs: RegisterDocument[], register: SalesRegister): RegisterSummary {
  const docTotals = (kind: TaxDocumentKind) => {
    const list = docs.filter((d) => d.kind === kind);
    const t = totalsOf(
      list.flatMap((d) => d.lines),
      list.length,
      list.reduce((s, d) => s + d.totalPaise, 0),
    );
    return { ...t, roundOffPaise: list.reduce((s, d) => s + d.roundOffPaise, 0) };
  };
  const b2csValue = docs
    .filter((d) => documentTable(d) === 'b2cs')
    .reduce((s, d) => s + (d.kind === 'INVOICE' ? d.totalPaise : -d.totalPaise), 0);
  const b2b = valueOfDocuments(
    register.b2b,
    (r) => r.invoiceNumber,
    (r) => r.invoiceValuePaise,
  );
  const b2cl = valueOfDocuments(
    register.b2cl,
    (r) => r.invoiceNumber,
    (r) => r.invoiceValuePaise,
  );
  const cdnr = valueOfDocuments(
    register.cdnr,
    (r) => r.noteNumber,
    (r) => r.noteValuePaise,
  );
  const cdnur = valueOfDocuments(
    register.cdnur,
    (r) => r.noteNumber,
    (r) => r.noteValuePaise,
  );
  const hsn = totalsOf(
    register.hsn,
    register.hsn.length,
    register.hsn.reduce((s, r) => s + r.totalValuePaise, 0),
  );
  return {
    invoices: docTotals('INVOICE'),
    creditNotes: docTotals('CREDIT_NOTE'),
    b2b: totalsOf(register.b2b, b2b.count, b2b.valuePaise),
    b2cl: totalsOf(register.b2cl, b2cl.count, b2cl.valuePaise),
    b2cs: totalsOf(register.b2cs, register.b2cs.length, b2csValue),
    cdnr: totalsOf(register.cdnr, cdnr.count, cdnr.valuePaise),
    cdnur: totalsOf(register.cdnur, cdnur.count, cdnur.valuePaise),
    hsn: { ...hsn, quantity: register.hsn.reduce((s, r) => s + r.quantity, 0) },
  };
}

/** 'YYYY-MM-DD' as the GST offline tool writes dates: '05-Nov-2026'. */
export function gstDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return isoDate ? `${d}-${months[Number(m) - 1] ?? ''}-${y}` : '';
}

/** A month of the register, 'YYYY-MM' (from April 2017, when GST began, to 2099). */
export const reportMonthSchema = safeString()
  .regex(/^20[1-9][0-9]-(0[1-9]|1[0-2])$/, 'Choose a month')
  .refine((m) => m >= '2017-07', 'GST returns start in July 2017');

export const salesRegisterQuery = z.object({ month: reportMonthSchema });
export const REGISTER_CSV_TABLES = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn', 'docs'] as const;
export const salesRegisterCsvQuery = salesRegisterQuery.extend({ table: z.enum(REGISTER_CSV_TABLES) });

const isoDay = safeString().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD');
/** The documents export of a period: from and to are calendar days (inclusive), at most a year apart. */
export const documentsExportQuery = z
  .object({ from: isoDay, to: isoDay, format: z.enum(['xlsx', 'csv']).default('xlsx') })
  .refine((q) => q.from <= q.to, { message: 'The period ends before it starts', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    message: 'Choose a period of at most a year',
    path: ['to'],
  });

const totalsSchema = z.object({
  count: z.number().int(),
  value: z.number(),
  taxableValue: z.number(),
  igst: z.number(),
  cgst: z.number(),
  sgst: z.number(),
});
/** The summary the Reports section shows (rupees). */
export const salesRegisterSummarySchema = z.object({
  month: z.string(),
  invoices: totalsSchema.extend({ roundOff: z.number() }),
  creditNotes: totalsSchema.extend({ roundOff: z.number() }),
  tables: z.object({
    b2b: totalsSchema,
    b2cl: totalsSchema,
    b2cs: totalsSchema,
    cdnr: totalsSchema,
    cdnur: totalsSchema,
    hsn: totalsSchema.extend({ quantity: z.number().int() }),
  }),
  b2clThreshold: z.number(),
});
export type SalesRegisterSummary = z.infer<typeof salesRegisterSummarySchema>;
