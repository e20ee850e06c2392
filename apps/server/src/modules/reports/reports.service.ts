import type { FastifyReply } from 'fastify';
import {
  b2clThresholdPaise,
  buildSalesRegister,
  documentTable,
  gstr1PlaceOfSupply,
  paiseToRupees,
  REGISTER_CSV_TABLES,
  summariseRegister,
  zonedDayStart,
  zonedIsoDate,
  type RegisterDocument,
  type RegisterTotals,
  type SalesRegisterSummary,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { sendWorkbook, xlsxSheet, type XlsxColumn } from '../../lib/xlsx';
import { registerTables, table } from './gst-register-columns';
import { taxDocumentsIssuedBetween, type PeriodDocument } from './tax-documents-of-period.read-model';

type RegisterTable = (typeof REGISTER_CSV_TABLES)[number];

/** The first instant of the month after 'YYYY-MM'. */
function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

const nextDay = (isoDate: string) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A stored document as the register reads it: the figures frozen on the document, nothing recomputed. */
function registerDocument(d: PeriodDocument, timeZone: string): RegisterDocument {
  const c = d.content;
  return {
    kind: d.kind,
    number: d.number,
    date: zonedIsoDate(d.issuedAt, timeZone),
    buyerName: c.buyer.name,
    buyerGstin: c.buyer.gstin,
    placeOfSupply: c.placeOfSupply,
    intraState: c.intraState,
    lines: c.lines.map((l) => ({
      hsn: l.hsn,
      sku: l.sku,
      quantity: l.quantity,
      basisPoints: l.basisPoints,
      taxablePaise: l.taxablePaise,
      cgstPaise: l.cgstPaise,
      sgstPaise: l.sgstPaise,
      igstPaise: l.igstPaise,
      totalPaise: l.totalPaise,
    })),
    roundOffPaise: c.totals.roundOffPaise,
    totalPaise: d.totalPaise,
    against:
      d.kind === 'CREDIT_NOTE' && c.against
        ? {
            number: c.against.number,
            date: zonedIsoDate(d.invoiceIssuedAt ?? new Date(c.against.issuedAt), timeZone),
            totalPaise: d.invoiceTotalPaise ?? 0,
          }
        : null,
  };
}

const rupeesTotals = (t: RegisterTotals) => ({
  count: t.count,
  value: paiseToRupees(t.valuePaise),
  taxableValue: paiseToRupees(t.taxablePaise),
  igst: paiseToRupees(t.igstPaise),
  cgst: paiseToRupees(t.cgstPaise),
  sgst: paiseToRupees(t.sgstPaise),
});

type ExportRow = { doc: PeriodDocument; register: RegisterDocument };

const EXPORT_COLUMNS: XlsxColumn<ExportRow>[] = [
  { header: 'Document', width: 12, value: (r) => (r.doc.kind === 'INVOICE' ? 'Invoice' : 'Credit note') },
  { header: 'Number', value: (r) => r.doc.number },
  { header: 'Date', width: 12, value: (r) => r.register.date },
  { header: 'Order', width: 22, value: (r) => r.doc.orderNumber },
  { header: 'Buyer', width: 24, value: (r) => r.register.buyerName },
  { header: 'Buyer GSTIN', value: (r) => r.register.buyerGstin ?? '' },
  { header: 'Place of supply', width: 20, value: (r) => gstr1PlaceOfSupply(r.register.placeOfSupply) },
  { header: 'Supply', width: 12, value: (r) => (r.register.intraState ? 'Intra-state' : 'Inter-state') },
  { header: 'GSTR-1 table', width: 10, value: (r) => documentTable(r.register).toUpperCase() },
  { header: 'Against invoice', value: (r) => r.register.against?.number ?? '' },
  { header: 'Against invoice date', width: 12, value: (r) => r.register.against?.date ?? '' },
  { header: 'Taxable value', numFmt: '#,##0.00', value: (r) => paiseToRupees(r.doc.taxablePaise) },
  { header: 'CGST', numFmt: '#,##0.00', value: (r) => paiseToRupees(r.doc.content.totals.cgstPaise) },
  { header: 'SGST', numFmt: '#,##0.00', value: (r) => paiseToRupees(r.doc.content.totals.sgstPaise) },
  { header: 'IGST', numFmt: '#,##0.00', value: (r) => paiseToRupees(r.doc.content.totals.igstPaise) },
  {
    header: 'Round-off',
    numFmt: '#,##0.00',
    value: (r) => paiseToRupees(r.doc.content.totals.roundOffPaise),
  },
  { header: 'Total', numFmt: '#,##0.00', value: (r) => paiseToRupees(r.doc.totalPaise) },
];

/**
 * Sales and tax reports (issue 23 item 8): the GSTR-1 sales register of a month and the export of
 * every invoice and credit note of a period, read from the issued documents (invoices module's table,
 * through a read model). Months and days are the business timezone's.
 */
export function createReportsService(ctx: Pick<AppContext, 'db' | 'config'>) {
  const tz = ctx.config.BUSINESS_TIMEZONE;

  async function documentsBetween(fromDay: string, toDayExclusive: string) {
    const rows = await taxDocumentsIssuedBetween(
      ctx.db,
      zonedDayStart(fromDay, tz),
      zonedDayStart(toDayExclusive, tz),
    );
    return rows.map((doc) => ({ doc, register: registerDocument(doc, tz) }));
  }

  async function registerOf(month: string) {
    const docs = (await documentsBetween(`${month}-01`, `${nextMonth(month)}-01`)).map((d) => d.register);
    const register = buildSalesRegister(docs);
    return { docs, register, summary: summariseRegister(docs, register) };
  }

  async function summary(month: string): Promise<SalesRegisterSummary> {
    const { summary: s } = await registerOf(month);
    return {
      month,
      invoices: { ...rupeesTotals(s.invoices), roundOff: paiseToRupees(s.invoices.roundOffPaise) },
      creditNotes: { ...rupeesTotals(s.creditNotes), roundOff: paiseToRupees(s.creditNotes.roundOffPaise) },
      tables: {
        b2b: rupeesTotals(s.b2b),
        b2cl: rupeesTotals(s.b2cl),
        b2cs: rupeesTotals(s.b2cs),
        cdnr: rupeesTotals(s.cdnr),
        cdnur: rupeesTotals(s.cdnur),
        hsn: { ...rupeesTotals(s.hsn), quantity: s.hsn.quantity },
      },
      b2clThreshold: paiseToRupees(b2clThresholdPaise(`${month}-01`)),
    };
  }

  async function registerXlsx(reply: FastifyReply, month: string) {
    const { register, summary: s } = await registerOf(month);
    const tables = registerTables(register);
    const summaryRows: Array<[string, RegisterTotals]> = [
      ['Invoices', s.invoices],
      ['Credit notes', s.creditNotes],
      ['B2B', s.b2b],
      ['B2CL', s.b2cl],
      ['B2CS (net of credit notes)', s.b2cs],
      ['CDNR', s.cdnr],
      ['CDNUR', s.cdnur],
      ['HSN (net of credit notes)', s.hsn],
    ];
    const summarySheet = table<[string, RegisterTotals]>(
      [
        { header: `Sales register ${month}`, width: 28, value: ([label]) => label },
        { header: 'Documents or rows', width: 12, value: ([, t]) => t.count },
        ...(['valuePaise', 'taxablePaise', 'igstPaise', 'cgstPaise', 'sgstPaise'] as const).map((k, i) => ({
          header: ['Value', 'Taxable value', 'IGST', 'CGST', 'SGST'][i]!,
          numFmt: '#,##0.00',
          value: ([, t]: [string, RegisterTotals]) => paiseToRupees(t[k]),
        })),
      ],
      summaryRows,
    );
    return sendWorkbook(
      reply,
      `gstr1-sales-register-${month}.xlsx`,
      [summarySheet.sheet('summary'), ...Object.entries(tables).map(([name, t]) => t.sheet(name))],
      tz,
    );
  }

  async function registerCsv(reply: FastifyReply, month: string, key: RegisterTable) {
    const { register } = await registerOf(month);
    return registerTables(register)[key].csv(reply, `gstr1-${key}-${month}.csv`);
  }

  async function documentsExport(
    reply: FastifyReply,
    q: { from: string; to: string; format: 'xlsx' | 'csv' },
  ) {
    const rows = await documentsBetween(q.from, nextDay(q.to));
    const name = `tax-documents-${q.from}-to-${q.to}`;
    if (q.format === 'csv') return table(EXPORT_COLUMNS, rows).csv(reply, `${name}.csv`);
    return sendWorkbook(reply, `${name}.xlsx`, [xlsxSheet('Documents', EXPORT_COLUMNS, rows)], tz);
  }

  return { summary, registerXlsx, registerCsv, documentsExport };
}
