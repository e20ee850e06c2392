import { getTableColumns, sql } from 'drizzle-orm';
import { IMPORT_MESSAGES, type ImportReport } from '@zevar/domain';
import type { AppContext } from '../../context';
import { queryRows, type Db, type Tx } from '../../db/client';
import { products } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { uniqueViolation } from '../../lib/db-errors';
import { noteChanged } from '../../lib/cache/changes';
import { productTag, type CacheTag } from '../../lib/cache/invalidation';
import { recordChangeIn } from '../audit';
import { HUID_TAKEN, adjustStock, replacePieces, setOpeningStocks } from '../stock';
import { planProductImport, type PlannedRow } from './plan-product-import';
import { carouselSlidesOf, variantGroupMembers } from './product-usage.read-model';
import { chunks } from './product-sheet.read-model';
import { PRODUCT_MESSAGES } from './products.service';
import { gstBasisPoints } from './repricing.service';
import type { ReadSheet } from './read-product-sheet';

type ProductRow = typeof products.$inferSelect;
type Create = Extract<PlannedRow, { kind: 'create' }>;
type Update = Extract<PlannedRow, { kind: 'update' }>;

/** Rows written per statement batch (a product row is about 30 parameters). */
const BATCH = 250;
/** Past this many changed products the whole catalogue's answers are dropped, not each product's. */
const NAMED_TAGS_UP_TO = 500;

export type ApplyOptions = {
  /** The checksum of the dry run the operator saw: the apply is refused when its plan differs. */
  checksum: string;
  fileName: string;
  /** Who the stock adjustments name. */
  adjustedBy: string;
  /** Called once the transaction has begun and recorded the import (the answer may start then). */
  onStarted?: () => void;
  /** Rows written so far, after each batch. */
  onProgress?: (done: number, total: number) => void;
};

/**
 * Product import (docs/decisions/0055): `check` is the dry run; `apply` writes the same plan in ONE
 * transaction, or nothing: every created product with its opening stock, every changed product
 * (version bumped, price from the server's rules), its stock moved by recorded adjustments, and an
 * audit record for each; any failure part-way rolls all of it back.
 */
export function createProductImport(ctx: Pick<AppContext, 'db' | 'now' | 'config'>) {
  const gstBp = () => gstBasisPoints(ctx.config);

  async function check(sheet: ReadSheet): Promise<ImportReport> {
    return (await planProductImport(ctx.db, sheet, gstBp())).report;
  }

  async function apply(sheet: ReadSheet, opts: ApplyOptions): Promise<ImportReport> {
    const { writes, report } = await planProductImport(ctx.db, sheet, gstBp());
    if (report.errors.length)
      throw badRequest(
        IMPORT_MESSAGES.hasErrors,
        report.errors
          .slice(0, 100)
          .map((e) => ({ path: `row ${e.row}${e.column ? `, ${e.column}` : ''}`, message: e.message })),
      );
    if (report.checksum !== opts.checksum) throw conflict(IMPORT_MESSAGES.changedSinceCheck);

    const creates = writes.filter((w): w is Create => w.kind === 'create');
    const updates = writes.filter((w): w is Update => w.kind === 'update');
    const total = writes.length;
    let done = 0;
    const changed: ProductRow[] = [];
    try {
      await ctx.db.transaction(async (tx) => {
        await recordChangeIn(tx, {
          action: 'import',
          entityType: 'product-import',
          entityId: report.checksum.slice(0, 16),
          after: {
            file: opts.fileName,
            rows: report.rows,
            created: report.created,
            updated: report.updated,
            unchanged: report.unchanged,
          },
        });
        opts.onStarted?.();
        for (const batch of chunks(creates, BATCH)) {
          changed.push(...(await createBatch(tx, batch)));
          done += batch.length;
          opts.onProgress?.(done, total);
        }
        const now = ctx.now();
        for (const batch of chunks(updates, BATCH)) {
          const saved = await updateBatch(tx, batch, now, opts);
          await recordChangeIn(
            tx,
            saved.map((a, i) => ({
              action: 'import-update',
              entityType: 'product',
              entityId: a.id,
              before: batch[i]!.before,
              after: a,
            })),
          );
          changed.push(...saved);
          done += batch.length;
          opts.onProgress?.(done, total);
        }
      });
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === null) throw err;
      if (constraint.includes('huid')) throw conflict(HUID_TAKEN);
      if (constraint.includes('sku')) throw conflict(PRODUCT_MESSAGES.skuTaken);
      if (constraint.includes('slug')) throw conflict(PRODUCT_MESSAGES.slugTaken);
      throw conflict(PRODUCT_MESSAGES.nameTaken);
    }
    await noteImported(ctx, changed);
    return { ...report, applied: true };
  }

  return { check, apply };
}

const COLUMNS = getTableColumns(products);
type Key = keyof typeof COLUMNS;

/**
 * Rows as one JSON parameter (`jsonb_populate_recordset`): a batch is one statement with one
 * parameter, however many columns and rows, instead of thousands of bound values.
 */
function asRecordset(rows: Array<Partial<ProductRow>>, keys: Key[]) {
  return JSON.stringify(
    rows.map((r) =>
      Object.fromEntries(
        keys.map((k) => {
          const v = r[k];
          return [COLUMNS[k].name, v instanceof Date ? v.toISOString() : (v ?? null)];
        }),
      ),
    ),
  );
}
const columnList = (keys: Key[], prefix?: string) =>
  sql.join(
    keys.map((k) => (prefix ? sql.raw(`${prefix}.${COLUMNS[k].name}`) : sql.identifier(COLUMNS[k].name))),
    sql`, `,
  );

/** Inserts a batch of new products, their opening stock (pieces by HUID) and a record for each. */
async function createBatch(tx: Tx, batch: Create[]): Promise<ProductRow[]> {
  const rows = batch.map((c) => ({ ...c.values, status: c.status }) as Partial<ProductRow>);
  const keys = Object.keys(rows[0]!) as Key[];
  const inserted = await queryRows<{ id: number; sku: string }>(
    tx as unknown as Db,
    sql`insert into ${products} (${columnList(keys)}) select ${columnList(keys)} from jsonb_populate_recordset(null::${products}, ${asRecordset(rows, keys)}::jsonb) returning id, sku`,
  );
  const idOf = new Map(inserted.map((r) => [r.sku, Number(r.id)]));
  const opening = batch.map((c) => ({
    productId: idOf.get(c.values.sku)!,
    stock: c.input.stock,
    huids: c.input.hallmarked ? c.input.huids : [],
  }));
  await setOpeningStocks(tx, opening);
  const after = batch.map((c, i) => ({
    id: opening[i]!.productId,
    ...c.values,
    status: c.status,
    stock: c.input.stock,
    version: 1,
  })) as unknown as ProductRow[];
  await recordChangeIn(
    tx,
    after.map((a) => ({ action: 'import-create', entityType: 'product', entityId: a.id, after: a })),
  );
  return after;
}

/**
 * Saves a batch of changed products in one statement, each over the version the dry run read (one
 * that moved meanwhile refuses the whole import); then moves each one's stock to the file's count by
 * recorded adjustments, as an operator would.
 */
async function updateBatch(tx: Tx, batch: Update[], now: Date, opts: ApplyOptions): Promise<ProductRow[]> {
  const after = batch.map((u) => {
    const archivedAt =
      u.status === u.before.status ? u.before.archivedAt : u.status === 'archived' ? now : null;
    return {
      ...u.before,
      ...u.values,
      status: u.status,
      archivedAt,
      version: u.before.version + 1,
      updatedAt: now,
    } as ProductRow;
  });
  const keys = [...Object.keys(batch[0]!.values), 'status', 'archivedAt', 'updatedAt'] as Key[];
  const saved = await queryRows<{ id: number }>(
    tx as unknown as Db,
    sql`update ${products} set (${columnList(keys)}, version) = (${columnList(keys, 'v')}, ${products.version} + 1)
      from jsonb_populate_recordset(null::${products}, ${asRecordset(
        after.map((a, i) => ({ ...a, version: batch[i]!.before.version })),
        [...keys, 'id', 'version'],
      )}::jsonb) as v
      where ${products.id} = v.id and ${products.version} = v.version
      returning ${products.id}`,
  );
  if (saved.length !== batch.length) {
    const done = new Set(saved.map((r) => Number(r.id)));
    const moved = batch.find((u) => !done.has(u.before.id))!;
    throw conflict(`${moved.values.sku} (row ${moved.row}): ${IMPORT_MESSAGES.changedSinceCheck}`);
  }
  for (const u of batch) await moveStock(tx, u, opts);
  return after.map((a, i) => ({ ...a, stock: batch[i]!.input.stock }));
}

/** The file's stock count, reached by recorded adjustments (pieces by HUID when hallmarked). */
async function moveStock(tx: Tx, u: Update, opts: ApplyOptions) {
  const reason = `Import from ${opts.fileName}`.slice(0, 300);
  const change = u.input.stock - u.before.stock;
  const wanted = new Set(u.input.huids);
  const removed = u.input.hallmarked ? u.shelf.filter((h) => !wanted.has(h)) : [];
  const added = u.input.hallmarked ? u.input.huids.filter((h) => !u.shelf.includes(h)) : [];
  if (!u.input.hallmarked) {
    if (change !== 0) await adjustStock(tx, u.before.id, { change, reason, huids: [] }, opts.adjustedBy);
  } else if (change === 0) {
    if (removed.length || added.length) await replacePieces(tx, u.before.id, u.input.huids);
  } else {
    if (removed.length)
      await adjustStock(
        tx,
        u.before.id,
        { change: -removed.length, reason, huids: removed },
        opts.adjustedBy,
      );
    if (added.length)
      await adjustStock(tx, u.before.id, { change: added.length, reason, huids: added }, opts.adjustedBy);
  }
}

/**
 * After the commit: the public answers showing what changed (decision 0048's rule for a bulk
 * action: each product, every list, its variants, the carousel when a slide leads to one); a large
 * import drops the catalogue's answers at once rather than naming thousands of products.
 */
async function noteImported(ctx: Pick<AppContext, 'db'>, changed: ProductRow[]) {
  if (changed.length === 0) return;
  const tags: CacheTag[] = ['lists', 'price-order', 'stock-lists'];
  if (changed.length > NAMED_TAGS_UP_TO) tags.push('catalogue');
  else {
    const ids = changed.map((p) => p.id);
    tags.push(...ids.map(productTag), ...(await variantGroupMembers(ctx.db, changed)).map(productTag));
    if ((await carouselSlidesOf(ctx.db, ids)).length) tags.push('catalogue');
  }
  noteChanged(...tags);
}
