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
  const stream = new PassThrough();
  void (async () => {
    try {
      const ExcelJS = await loadExcel();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
      const sheet = workbook.addWorksheet(sheetName);
      sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
      sheet.getRow(1).font = { bold: true };
      for await (const row of rows) {
        const values = columns.map((c) => c.value(row));
        const added = sheet.addRow(
          values.map((v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? toSheetDate(v, timeZone) : v)),
        );
        values.forEach((v, i) => {
          if (v instanceof Date) added.getCell(i + 1).numFmt = XLSX_DATE_FORMAT;
        });
        added.commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      stream.destroy(err as Error);
    }
  })();
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(stream);
}
