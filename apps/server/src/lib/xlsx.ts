import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';

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
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
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
