import {
  gstDate,
  paiseToRupees,
  type B2bRow,
  type B2clRow,
  type B2csRow,
  type CdnrRow,
  type CdnurRow,
  type DocsRow,
  type HsnRow,
  type SalesRegister,
} from '@zevar/domain';
import type { FastifyReply } from 'fastify';
import { sendCsv, xlsxSheet, type XlsxColumn } from '../../lib/xlsx';

/*
 * The columns of each GSTR-1 table as the GST offline tool's templates name them (b2b, b2cl, b2cs,
 * cdnr, cdnur, hsn, docs), with the tax amounts after them (the tool computes them; the register
 * states them so they can be checked against the books). Amounts in rupees with two decimals.
 */

const RUPEES = '#,##0.00';
const money = <T>(header: string, pick: (r: T) => number): XlsxColumn<T> => ({
  header,
  numFmt: RUPEES,
  value: (r) => paiseToRupees(pick(r)),
});
const text = <T>(header: string, pick: (r: T) => string | number, width?: number): XlsxColumn<T> => ({
  header,
  width,
  value: pick,
});
type Taxed = {
  taxablePaise: number;
  igstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  ratePercent: number;
};
const rateAndTax = <T extends Taxed>(intra = true): XlsxColumn<T>[] => [
  text('Applicable % of Tax Rate', () => ''),
  text('Rate', (r) => r.ratePercent, 8),
  money('Taxable Value', (r) => r.taxablePaise),
  money('Cess Amount', () => 0),
  money('Integrated Tax', (r) => r.igstPaise),
  ...(intra
    ? [money<T>('Central Tax', (r) => r.cgstPaise), money<T>('State/UT Tax', (r) => r.sgstPaise)]
    : []),
];

const B2B: XlsxColumn<B2bRow>[] = [
  text('GSTIN/UIN of Recipient', (r) => r.gstin, 18),
  text('Receiver Name', (r) => r.receiverName, 24),
  text('Invoice Number', (r) => r.invoiceNumber),
  text('Invoice date', (r) => gstDate(r.invoiceDate), 12),
  money('Invoice Value', (r) => r.invoiceValuePaise),
  text('Place Of Supply', (r) => r.placeOfSupply, 20),
  text('Reverse Charge', () => 'N', 8),
  text('Invoice Type', () => 'Regular B2B'),
  text('E-Commerce GSTIN', () => ''),
  ...rateAndTax<B2bRow>(),
];

const B2CL: XlsxColumn<B2clRow>[] = [
  text('Invoice Number', (r) => r.invoiceNumber),
  text('Invoice date', (r) => gstDate(r.invoiceDate), 12),
  money('Invoice Value', (r) => r.invoiceValuePaise),
  text('Place Of Supply', (r) => r.placeOfSupply, 20),
  text('E-Commerce GSTIN', () => ''),
  ...rateAndTax<B2clRow>(false),
];

const B2CS: XlsxColumn<B2csRow>[] = [
  text('Type', () => 'OE', 6),
  text('Place Of Supply', (r) => r.placeOfSupply, 20),
  text('E-Commerce GSTIN', () => ''),
  ...rateAndTax<B2csRow>(),
];

const originalInvoice = <T extends { invoiceNumber: string; invoiceDate: string }>(): XlsxColumn<T>[] => [
  text('Original Invoice Number', (r) => r.invoiceNumber),
  text('Original Invoice date', (r) => gstDate(r.invoiceDate), 12),
];

const CDNR: XlsxColumn<CdnrRow>[] = [
  text('GSTIN/UIN of Recipient', (r) => r.gstin, 18),
  text('Receiver Name', (r) => r.receiverName, 24),
  text('Note Number', (r) => r.noteNumber),
  text('Note Date', (r) => gstDate(r.noteDate), 12),
  text('Note Type', () => 'C', 6),
  text('Place Of Supply', (r) => r.placeOfSupply, 20),
  text('Reverse Charge', () => 'N', 8),
  text('Note Supply Type', () => 'Regular B2B'),
  money('Note Value', (r) => r.noteValuePaise),
  ...rateAndTax<CdnrRow>(),
  ...originalInvoice<CdnrRow>(),
];

const CDNUR: XlsxColumn<CdnurRow>[] = [
  text('UR Type', () => 'B2CL', 8),
  text('Note Number', (r) => r.noteNumber),
  text('Note Date', (r) => gstDate(r.noteDate), 12),
  text('Note Type', () => 'C', 6),
  text('Place Of Supply', (r) => r.placeOfSupply, 20),
  money('Note Value', (r) => r.noteValuePaise),
  ...rateAndTax<CdnurRow>(false),
  ...originalInvoice<CdnurRow>(),
];

const HSN: XlsxColumn<HsnRow>[] = [
  text('Supply', (r) => r.supply, 8),
  text('HSN', (r) => r.hsn, 10),
  text('Description', (r) => r.description, 36),
  text('UQC', (r) => r.uqc, 12),
  text('Total Quantity', (r) => r.quantity, 10),
  money('Total Value', (r) => r.totalValuePaise),
  text('Rate', (r) => r.ratePercent, 8),
  money('Taxable Value', (r) => r.taxablePaise),
  money('Integrated Tax Amount', (r) => r.igstPaise),
  money('Central Tax Amount', (r) => r.cgstPaise),
  money('State/UT Tax Amount', (r) => r.sgstPaise),
  money('Cess Amount', () => 0),
];

const DOCS: XlsxColumn<DocsRow>[] = [
  text('Nature of Document', (r) => r.nature, 28),
  text('Sr. No. From', (r) => r.from),
  text('Sr. No. To', (r) => r.to),
  text('Total Number', (r) => r.total, 10),
  text('Cancelled', (r) => r.cancelled, 10),
];

/** A table of rows: as a sheet of a workbook, or as a CSV download. */
export function table<T>(columns: XlsxColumn<T>[], rows: T[]) {
  return {
    rows: rows.length,
    sheet: (name: string) => xlsxSheet(name, columns, rows),
    csv: (reply: FastifyReply, filename: string) => sendCsv(reply, filename, columns, rows),
  };
}

/** Each table of the register with its columns (the sheet and CSV file names are the keys). */
export function registerTables(r: SalesRegister) {
  return {
    b2b: table(B2B, r.b2b),
    b2cl: table(B2CL, r.b2cl),
    b2cs: table(B2CS, r.b2cs),
    cdnr: table(CDNR, r.cdnr),
    cdnur: table(CDNUR, r.cdnur),
    hsn: table(HSN, r.hsn),
    docs: table(DOCS, r.docs),
  };
}
