import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type ExcelJSModule from 'exceljs';

/** exceljs (and its zip and stream libraries) is loaded by the first export, not at every start. */
let excel: Promise<typeof ExcelJSModule> | null = null;
const loadExcel = () => (excel ??= import('exceljs').then((m) => m.default));

export type XlsxColumn<T> = {
  header: string;
  width?: number;
  value: (row: T) => string | number | Date | null;
};

/** Streams rows into an .xlsx download, so a large export never sits whole in memory. */
export function sendXlsx<T>(
  reply: FastifyReply,
  filename: string,
  sheetName: string,
  columns: XlsxColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
): FastifyReply {
  const stream = new PassThrough();
  void (async () => {
    try {
      const ExcelJS = await loadExcel();
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
      const sheet = workbook.addWorksheet(sheetName);
      sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
      sheet.getRow(1).font = { bold: true };
      for await (const row of rows) sheet.addRow(columns.map((c) => c.value(row))).commit();
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
