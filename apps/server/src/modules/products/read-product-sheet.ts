import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type ExcelJSModule from 'exceljs';
import { IMPORT_MESSAGES, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '@zevar/domain';
import { AppError, badRequest } from '../../lib/errors';
import { checkWorkbookBounds } from './workbook-bounds';

/** One row of the file as text cells (row 1 is the header), numbered as a spreadsheet numbers it. */
export type SheetRecord = { row: number; values: string[] };
export type ReadSheet = { kind: 'csv' | 'xlsx'; header: string[]; records: SheetRecord[]; sha256: string };

let excel: Promise<typeof ExcelJSModule> | null = null;
const loadExcel = () => (excel ??= import('exceljs').then((m) => m.default));

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** By content, never by name or declared type: an xlsx is a zip; a CSV is UTF-8 text without NULs. */
function kindOf(head: Buffer): 'csv' | 'xlsx' | null {
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (head.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'csv';
  } catch {
    return null;
  }
}

type CellValue = ExcelJSModule.CellValue;

/** An xlsx cell as the text a CSV would hold (rich text joined, a formula's result, a date as ISO). */
function cellText(v: CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString();
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('result' in v) return v.result === undefined ? '' : cellText(v.result as CellValue);
  if ('text' in v) return String(v.text);
  return '';
}

/**
 * A cell the export wrote after an apostrophe (csv-stringify's `escape_formulas`: a leading = + - @, tab,
 * carriage return or their full-width forms) reads back without it, so an exported file is unchanged.
 */
const unescapeFormula = (v: string) => (/^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(v) ? v.slice(1) : v);

async function* csvRows(source: Readable): AsyncGenerator<SheetRecord> {
  const parser = source.pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 1_000_000 }),
  );
  source.on('error', (err) => parser.destroy(err));
  let row = 0;
  for await (const values of parser as AsyncIterable<string[]>) {
    row += 1;
    // The export's guard against formulas (an apostrophe before = + - @) is not part of the value.
    yield { row, values: values.map(unescapeFormula) };
  }
}

async function* xlsxRows(source: Readable): AsyncGenerator<SheetRecord> {
  const ExcelJS = await loadExcel();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  // The first worksheet only: the products sheet the export writes.
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJSModule.Row>) {
      const raw = row.values as CellValue[];
      // A cell far to the right (column XFD) would make every such row 16,384 cells.
      if (raw.length - 1 > MAX_IMPORT_COLUMNS) throw badRequest(IMPORT_MESSAGES.tooManyColumns);
      const values = raw.slice(1).map((v) => cellText(v));
      if (values.some((v) => v.trim() !== '')) yield { row: row.number, values };
    }
    return;
  }
}

/**
 * Reads an uploaded product sheet: its kind by content, its rows as text, and a digest of the bytes
 * it read. A CSV is read as it arrives; a workbook (at most the upload limit) is held until its zip
 * directory has been checked against a zip bomb (`checkWorkbookBounds`), then read. Anything
 * unreadable or too large is a 4xx naming why.
 */
export async function readProductSheet(file: Readable, truncated: () => boolean): Promise<ReadSheet> {
  const hash = createHash('sha256');
  const chunks = file[Symbol.asyncIterator]();
  const first = await chunks.next();
  if (first.done || (first.value as Buffer).length === 0) throw badRequest(IMPORT_MESSAGES.empty);
  const head = first.value as Buffer;
  const kind = kindOf(head);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', IMPORT_MESSAGES.notSheet);
  const bytes = (async function* () {
    hash.update(head);
    yield head;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      hash.update(next.value as Buffer);
      yield next.value as Buffer;
    }
  })();
  let source: Readable;
  if (kind === 'xlsx') {
    const parts: Buffer[] = [];
    for await (const part of bytes) parts.push(part);
    if (truncated()) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge);
    const zip = Buffer.concat(parts);
    await checkWorkbookBounds(zip);
    source = Readable.from([zip]);
  } else {
    source = Readable.from(bytes);
  }

  let header: string[] | null = null;
  const records: SheetRecord[] = [];
  try {
    for await (const record of kind === 'csv' ? csvRows(source) : xlsxRows(source)) {
      if (!header) {
        header = record.values;
        continue;
      }
      if (records.length >= MAX_IMPORT_ROWS) throw badRequest(IMPORT_MESSAGES.tooManyRows);
      records.push(record);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (truncated()) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge);
    const where = (err as { lines?: number }).lines;
    throw badRequest(
      kind === 'csv' && where
        ? `The CSV file could not be read near line ${where}: ${(err as Error).message.replace(/^Invalid /, 'invalid ')}`
        : IMPORT_MESSAGES.unreadable,
    );
  }
  if (truncated()) throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge);
  if (!header || records.length === 0) throw badRequest(IMPORT_MESSAGES.empty);
  return { kind, header, records, sha256: hash.digest('hex') };
}
