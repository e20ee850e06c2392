import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type ExcelJSModule from 'exceljs';
import { zonedWallTime } from '@zevar/domain';

/** exceljs (and its zip and stream libraries) is loaded by the first export, not at every start. */
let excel: Promise<typeof ExcelJSModule> | null = null;
const loadExcel = () => (excel ??= import('exceljs').then((m) => m.default));

export type XlsxColumn<T> = {
  header: string;
  width?: number;
  value: (row: T) => string | number | Date | null;
  /** Excel number format of the column's numbers ('#,##0.00' for rupees). */
  numFmt?: string;
};

/** How every exported date and time reads: day first, as India writes it. */
export const XLSX_DATE_FORMAT = 'dd/mm/yyyy hh:mm';

/**
 * A spreadsheet has no time zones: Excel shows a date cell's clock as stored. So an instant is written
 * as its wall-clock time in the business timezone (an order paid at 03:30 IST on 26 Nov reads
 * 26/11/2026 03:30, not 25/11 in UTC).
 */
export function toSheetDate(instant: Date, timeZone: string): Date {
  return new Date(`${zonedWallTime(instant, timeZone)}:00.000Z`);
}

type Cell = string | number | Date | null;
/** A sheet to write: its columns and its rows already turned into cell values. */
export type XlsxSheet = {
  name: string;
  columns: Array<Omit<XlsxColumn<never>, 'value'>>;
  rows: AsyncIterable<Cell[]>;
};

/** A sheet of rows of any type, through its columns. */
export function xlsxSheet<T>(
  name: string,
  columns: XlsxColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
): XlsxSheet {
  async function* cells() {
    for await (const row of rows) yield columns.map((c) => c.value(row));
  }
  return { name, columns, rows: cells() };
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Streams rows into an .xlsx download, so a large export never sits whole in memory. Every Date a
 * column gives is written in `timeZone` (the business timezone) with XLSX_DATE_FORMAT.
 */
export function sendXlsx<T>(
  reply: FastifyReply,
  filename: string,
  sheetName: string,
  columns: XlsxColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
  timeZone: string,
): FastifyReply {
  return sendWorkbook(reply, filename, [xlsxSheet(sheetName, columns, rows)], timeZone);
}

/** Streams several sheets (written one after the other) into one .xlsx download. */
export function sendWorkbook(
  reply: FastifyReply,
  filename: string,
  sheets: readonly XlsxSheet[],
  timeZone: string,
): FastifyReply {
  const stream = new PassThrough();
  void (async () => {
    try {
      const ExcelJS = await loadExcel();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
      for (const s of sheets) {
        const sheet = workbook.addWorksheet(s.name);
        sheet.columns = s.columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
        sheet.getRow(1).font = { bold: true };
        for await (const values of s.rows) {
          const added = sheet.addRow(
            values.map((v) =>
              v instanceof Date && !Number.isNaN(v.getTime()) ? toSheetDate(v, timeZone) : v,
            ),
          );
          values.forEach((v, i) => {
            const format = v instanceof Date ? XLSX_DATE_FORMAT : s.columns[i]?.numFmt;
            if (format) added.getCell(i + 1).numFmt = format;
          });
          added.commit();
        }
        sheet.commit();
      }
      await workbook.commit();
    } catch (err) {
      stream.destroy(err as Error);
    }
  })();
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(stream);
}

/**
 * A spreadsheet program runs a CSV cell that starts with = + - @ (or a tab or carriage return) as a
 * formula; text such as a buyer's name is written with a leading apostrophe instead (OWASP's advice).
 * Numbers stay numbers, negative ones included.
 */
function csvSafe(v: Cell): Cell {
  return typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/** Rows as a CSV download (RFC 4180 quoting by exceljs's writer; UTF-8 with a byte order mark for Excel). */
export async function sendCsv<T>(
  reply: FastifyReply,
  filename: string,
  columns: XlsxColumn<T>[],
  rows: Iterable<T>,
): Promise<FastifyReply> {
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  sheet.addRow(columns.map((c) => c.header));
  for (const row of rows) sheet.addRow(columns.map((c) => csvSafe(c.value(row))));
  const body = await workbook.csv.writeBuffer({ formatterOptions: { writeBOM: true } });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(body);
}
