import { createHash } from 'node:crypto';
import {
  IMPORT_MESSAGES,
  emptySheetCells,
  parseProductRow,
  productSheetCells,
  sheetColumnsOf,
  sheetHeader,
  slugify,
  PRODUCT_SHEET_COLUMNS,
  type ImportError,
  type ImportReport,
  type ImportRowOutcome,
  type ProductInput,
  type ProductStatus,
  type SheetCells,
  type SheetColumn,
  type SheetRefs,
} from '@zevar/domain';
import type { DbOrTx } from '../../db/client';
import type { products } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { sheetProductOf } from './export-products';
import {
  huidOwners,
  loadSheetNames,
  productsBySku,
  shelfPieces,
  slugOwners,
  type SheetNames,
} from './product-sheet.read-model';
import { carouselSlidesOf } from './product-usage.read-model';
import { storedProductValues } from './products.service';
import type { ReadSheet } from './read-product-sheet';

type ProductRow = typeof products.$inferSelect;
export type StoredValues = ReturnType<typeof storedProductValues>;

/** What the apply does with one row of the file. */
export type PlannedRow =
  | { kind: 'create'; row: number; values: StoredValues; status: ProductStatus; input: ProductInput }
  | {
      kind: 'update';
      row: number;
      before: ProductRow;
      shelf: string[];
      values: StoredValues;
      status: ProductStatus;
      input: ProductInput;
    };

export type ImportPlan = { writes: PlannedRow[]; report: ImportReport };

/** Where a refusal of the stored values (name, purity, price) shows in the sheet. */
const COLUMN_OF_PATH: Record<string, SheetColumn> = { name: 'name', purity: 'purity', price: 'price' };

function refsOf(names: SheetNames): SheetRefs {
  return {
    category: (n) => names.categoryByName.get(n.toLowerCase()),
    metal: (n) => names.metalByName.get(n.toLowerCase()),
    purity: (metalId, n) =>
      names.purities.find((p) => p.metalId === metalId && p.name.toLowerCase() === n.toLowerCase())?.id,
    puritiesOf: (metalId) => names.purities.filter((p) => p.metalId === metalId).map((p) => p.name),
  };
}

/** The cells a row of the file gives; columns it leaves out keep `base`'s (the stored product's). */
function cellsOf(columns: Array<SheetColumn | null>, values: string[], base: SheetCells): SheetCells {
  const cells = { ...base };
  columns.forEach((key, i) => {
    if (key) cells[key] = values[i] ?? '';
  });
  return cells;
}

type Candidate = {
  row: number;
  sku: string;
  existing: ProductRow | undefined;
  shelf: string[];
  status: ProductStatus;
  input: ProductInput;
  values: StoredValues;
  before: SheetCells | null;
  after: SheetCells;
};

/**
 * Reads every row against the catalogue as it is now: each becomes a create, an update (with its
 * columns before and after) or unchanged, or errors with their row and column. Prices are the
 * server's (`storedProductValues`, as the form); names, SKUs and HUIDs are checked across the file
 * and against the catalogue. Nothing is written.
 */
export async function planProductImport(db: DbOrTx, sheet: ReadSheet, gstBp: number): Promise<ImportPlan> {
  const errors: ImportError[] = [];
  const fail = (row: number, column: string, message: string) =>
    errors.push({
      row,
      column: PRODUCT_SHEET_COLUMNS.some((c) => c.key === column)
        ? sheetHeader(column as SheetColumn)
        : column,
      message,
    });
  const { columns, errors: headerErrors } = sheetColumnsOf(sheet.header);
  if (headerErrors.length)
    return emptyPlan(
      sheet,
      headerErrors.map((message) => ({ row: 1, column: '', message })),
    );
  const skuAt = columns.indexOf('sku');

  const firstRowOfSku = new Map<string, number>();
  const rows: SheetRecordWithSku[] = [];
  for (const record of sheet.records) {
    const sku = (record.values[skuAt] ?? '').trim();
    if (!sku) fail(record.row, 'sku', 'This field is required');
    else if (firstRowOfSku.has(sku))
      fail(record.row, 'sku', IMPORT_MESSAGES.duplicateSku(firstRowOfSku.get(sku)!));
    else {
      firstRowOfSku.set(sku, record.row);
      rows.push({ ...record, sku });
    }
  }

  const [names, existingBySku] = await Promise.all([
    loadSheetNames(db),
    productsBySku(
      db,
      rows.map((r) => r.sku),
    ),
  ]);
  const shelves = await shelfPieces(
    db,
    [...existingBySku.values()].filter((p) => p.hallmarked).map((p) => p.id),
  );
  const refs = refsOf(names);

  const candidates: Candidate[] = [];
  for (const record of rows) {
    const existing = existingBySku.get(record.sku);
    const shelf = existing ? (shelves.get(existing.id) ?? []) : [];
    const before = existing ? productSheetCells(sheetProductOf(existing, names, shelf)) : null;
    const parsed = parseProductRow(cellsOf(columns, record.values, before ?? emptySheetCells()), refs);
    if (!parsed.ok) {
      for (const e of parsed.errors) errors.push({ row: record.row, ...e });
      continue;
    }
    const { input, status } = parsed.row;
    if (!existing && status === 'archived') {
      fail(record.row, 'status', IMPORT_MESSAGES.newArchived);
      continue;
    }
    const slug = slugify(input.name);
    if (!slug) {
      fail(record.row, 'name', 'The product name must contain letters or digits');
      continue;
    }
    let values: StoredValues;
    try {
      values = storedProductValues(
        input,
        {
          slug,
          categoryId: input.category.id,
          metal: input.metal ? names.metalById.get(input.metal.id) : undefined,
          purity: input.purity ? names.purityById.get(input.purity.id) : undefined,
        },
        gstBp,
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const path = err.issues?.[0]?.path ?? 'name';
      fail(record.row, COLUMN_OF_PATH[path] ?? 'name', err.message);
      continue;
    }
    const hallmarkedShelf = input.hallmarked ? input.huids : [];
    const after = productSheetCells(
      sheetProductOf(
        { ...values, status, stock: input.stock, hallmarked: input.hallmarked },
        names,
        hallmarkedShelf,
      ),
    );
    candidates.push({
      row: record.row,
      sku: record.sku,
      existing,
      shelf,
      status,
      input,
      values,
      before,
      after,
    });
  }

  await checkAcrossRows(db, candidates, fail);
  const failedRows = new Set(errors.map((e) => e.row));
  const ok = candidates.filter((c) => !failedRows.has(c.row));
  return planOf(sheet, ok, errors);
}

type SheetRecordWithSku = ReadSheet['records'][number] & { sku: string };
type Fail = (row: number, column: SheetColumn, message: string) => void;

/** Names (by URL slug) and HUIDs unique across the file and the catalogue; archiving a slide's target. */
async function checkAcrossRows(db: DbOrTx, candidates: Candidate[], fail: Fail) {
  const rowOfSlug = new Map<string, number>();
  const rowOfHuid = new Map<string, number>();
  for (const c of candidates) {
    const seen = rowOfSlug.get(c.values.slug);
    if (seen !== undefined) fail(c.row, 'name', IMPORT_MESSAGES.duplicateName(seen));
    else rowOfSlug.set(c.values.slug, c.row);
    if (c.input.hallmarked)
      for (const huid of c.input.huids) {
        const at = rowOfHuid.get(huid);
        if (at !== undefined) fail(c.row, 'huids', IMPORT_MESSAGES.huidTwice(huid, at));
        else rowOfHuid.set(huid, c.row);
      }
    // The pieces of a hallmarked product move by HUID: the shelf must hold one per piece in stock.
    const e = c.existing;
    if (e && c.input.hallmarked && c.input.stock !== e.stock && (!e.hallmarked || c.shelf.length !== e.stock))
      fail(
        c.row,
        'stock',
        "This product's pieces do not match its stock: adjust its stock from the product list first",
      );
  }
  const [slugs, huids] = await Promise.all([
    slugOwners(db, [...rowOfSlug.keys()]),
    huidOwners(db, [...rowOfHuid.keys()]),
  ]);
  for (const c of candidates) {
    const owner = slugs.get(c.values.slug);
    if (owner !== undefined && owner !== c.sku && rowOfSlug.get(c.values.slug) === c.row)
      fail(c.row, 'name', IMPORT_MESSAGES.nameTaken(owner));
    if (c.input.hallmarked)
      for (const huid of c.input.huids) {
        const on = huids.get(huid);
        if (on !== undefined && on !== c.existing?.id) fail(c.row, 'huids', IMPORT_MESSAGES.huidTaken(huid));
      }
  }
  const archiving = candidates.filter(
    (c) => c.existing && c.status === 'archived' && c.existing.status !== 'archived',
  );
  if (archiving.length) {
    const slides = new Set(
      (
        await carouselSlidesOf(
          db,
          archiving.map((c) => c.existing!.id),
        )
      ).map((s) => s.targetId),
    );
    for (const c of archiving)
      if (slides.has(c.existing!.id)) fail(c.row, 'status', IMPORT_MESSAGES.onCarousel);
  }
}

function planOf(sheet: ReadSheet, candidates: Candidate[], errors: ImportError[]): ImportPlan {
  const writes: PlannedRow[] = [];
  const outcomes: ImportRowOutcome[] = [];
  for (const c of candidates) {
    if (!c.existing) {
      writes.push({ kind: 'create', row: c.row, values: c.values, status: c.status, input: c.input });
      outcomes.push({ row: c.row, sku: c.sku, outcome: 'created' });
      continue;
    }
    const changes = PRODUCT_SHEET_COLUMNS.filter((col) => c.before![col.key] !== c.after[col.key]).map(
      (col) => ({
        column: col.header,
        before: c.before![col.key],
        after: c.after[col.key],
      }),
    );
    if (changes.length === 0) {
      outcomes.push({ row: c.row, sku: c.sku, outcome: 'unchanged' });
      continue;
    }
    writes.push({
      kind: 'update',
      row: c.row,
      before: c.existing,
      shelf: c.shelf,
      values: c.values,
      status: c.status,
      input: c.input,
    });
    outcomes.push({ row: c.row, sku: c.sku, outcome: 'updated', changes });
  }
  errors.sort((a, b) => a.row - b.row);
  const versions = candidates.map((c) =>
    c.existing ? [c.existing.id, c.existing.version, c.existing.stock] : [],
  );
  const checksum = createHash('sha256')
    .update(sheet.sha256)
    .update(JSON.stringify(outcomes))
    .update(JSON.stringify(versions))
    .digest('hex');
  const count = (o: ImportRowOutcome['outcome']) => outcomes.filter((x) => x.outcome === o).length;
  return {
    writes,
    report: {
      checksum,
      rows: sheet.records.length,
      created: count('created'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      outcomes,
      errors,
      applied: false,
    },
  };
}

function emptyPlan(sheet: ReadSheet, errors: ImportError[]): ImportPlan {
  return planOf(sheet, [], errors);
}
