import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import {
  NUMERIC_SHEET_COLUMNS,
  PRODUCT_SHEET_COLUMNS,
  makingValueFromStored,
  paiseToRupees,
  productSheetCells,
  type SheetCells,
  type SheetProduct,
} from '@zevar/domain';
import type { DbOrTx } from '../../db/client';
import type { products } from '../../db/schema';
import { sendXlsx, type XlsxColumn } from '../../lib/xlsx';
import { loadSheetNames, productPages, shelfPieces, type SheetNames } from './product-sheet.read-model';

type ProductRow = typeof products.$inferSelect;

/** The stored columns a sheet row shows (a saved row, or the values an import would save). */
export type SheetSource = Pick<
  ProductRow,
  | 'sku'
  | 'name'
  | 'status'
  | 'productType'
  | 'pricePaise'
  | 'originalPricePaise'
  | 'metalId'
  | 'purityId'
  | 'metalWeightMg'
  | 'makingKind'
  | 'makingValue'
  | 'stonesPaise'
  | 'stonesDescription'
  | 'hallmarked'
  | 'stock'
  | 'categoryId'
  | 'plan'
  | 'vendorCommissionPaise'
  | 'tagline'
  | 'description'
  | 'images'
  | 'specifications'
  | 'features'
  | 'sale'
  | 'trending'
  | 'variantGroupId'
  | 'variantType'
  | 'variantValue'
  | 'launchDate'
> &
  // The stones' columns: absent when the values come from an input that left them out.
  Partial<Pick<ProductRow, 'stoneKind' | 'stoneOrigin' | 'certificate'>>;

/** A stored product as the sheet shows it: rupees, grams, names (the same rules as the product DTO). */
export function sheetProductOf(p: SheetSource, names: SheetNames, huids: string[]): SheetProduct {
  const metalPriced = p.productType !== 'MRP';
  return {
    sku: p.sku,
    name: p.name,
    status: p.status,
    productType: p.productType,
    price: paiseToRupees(p.pricePaise),
    originalPrice: p.originalPricePaise === null ? null : paiseToRupees(p.originalPricePaise),
    metal: p.metalId === null ? null : (names.metalById.get(p.metalId)?.name ?? null),
    purity: p.purityId === null ? null : (names.purityById.get(p.purityId)?.name ?? null),
    metalWeight: p.metalWeightMg / 1000,
    making:
      metalPriced && p.makingKind
        ? { kind: p.makingKind, value: makingValueFromStored(p.makingKind, p.makingValue) }
        : null,
    stones:
      metalPriced && (p.stonesPaise > 0 || p.stonesDescription)
        ? { description: p.stonesDescription ?? '', value: paiseToRupees(p.stonesPaise) }
        : null,
    gem: p.stoneKind
      ? { kind: p.stoneKind, origin: p.stoneOrigin ?? null, certificate: p.certificate ?? null }
      : null,
    hallmarked: p.hallmarked,
    huids: [...huids].sort(),
    stock: p.stock,
    category: names.categoryName.get(p.categoryId) ?? '',
    vendorPlan: p.plan,
    vendorCommission: paiseToRupees(p.vendorCommissionPaise),
    tagline: p.tagline,
    description: p.description,
    images: p.images,
    specifications: p.specifications,
    features: p.features,
    sale: p.sale,
    trending: p.trending,
    variantGroupId: p.variantGroupId,
    variantType: p.variantType,
    variantValue: p.variantValue,
    launchDate: p.launchDate ? p.launchDate.toISOString() : null,
  };
}

/** Every product's sheet row, in id order, read a page at a time. */
export async function* productSheetRows(db: DbOrTx): AsyncGenerator<SheetCells> {
  const names = await loadSheetNames(db);
  for await (const page of productPages(db)) {
    const pieces = await shelfPieces(
      db,
      page.filter((p) => p.hallmarked).map((p) => p.id),
    );
    for (const row of page) yield productSheetCells(sheetProductOf(row, names, pieces.get(row.id) ?? []));
  }
}

const fileName = (at: Date, ext: string) => `products-${at.toISOString().slice(0, 10)}.${ext}`;

/** The catalogue as CSV (UTF-8 with a byte-order mark, so Excel reads ₹ and Hindi names right). */
export function sendProductsCsv(reply: FastifyReply, db: DbOrTx, now: Date): FastifyReply {
  const csv = stringify({
    header: true,
    bom: true,
    // A name or description starting with = + - @ is written after an apostrophe, so a spreadsheet
    // shows it rather than running it (CSV injection); the import drops the apostrophe again.
    escape_formulas: true,
    columns: PRODUCT_SHEET_COLUMNS.map((c) => ({ key: c.key, header: c.header })),
  });
  void (async () => {
    try {
      for await (const cells of productSheetRows(db)) {
        if (!csv.write(cells)) await new Promise((resolve) => csv.once('drain', resolve));
      }
      csv.end();
    } catch (err) {
      csv.destroy(err as Error);
    }
  })();
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName(now, 'csv')}"`)
    .send(csv);
}

/** The catalogue as an Excel workbook (amounts, weights and stock as number cells). */
export function sendProductsXlsx(reply: FastifyReply, db: DbOrTx, now: Date, timeZone: string) {
  const columns: XlsxColumn<SheetCells>[] = PRODUCT_SHEET_COLUMNS.map((c) => ({
    header: c.header,
    width: c.key === 'description' || c.key === 'name' ? 32 : 18,
    value: (cells) =>
      NUMERIC_SHEET_COLUMNS.has(c.key) && cells[c.key] !== '' ? Number(cells[c.key]) : cells[c.key],
  }));
  return sendXlsx(reply, fileName(now, 'xlsx'), 'Products', columns, productSheetRows(db), timeZone);
}
