import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  MAX_RESULT_WINDOW,
  MAX_SEARCH_RESULTS,
  jewelleryPrice,
  makingValueToStored,
  rupeesToPaise,
  slugify,
  toPaged,
  type Paged,
  STALE_EDIT_MESSAGE,
  type CatalogueProduct,
  type ProductInput,
  type ProductReferences,
  type ProductUpdate,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { products } from '../../db/schema';
import { loadProductReferences } from './product-references.read-model';
import { gstBasisPoints } from './repricing.service';
import { HUID_TAKEN, piecesInStock, replacePieces, setOpeningStock } from '../stock';
import { productReferences } from './product-usage.read-model';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { uniqueViolation } from '../../lib/db-errors';
import { toProductDto } from './product-mapper';
import {
  countProducts,
  inCategoryTree,
  inCategoryTreeIds,
  selectLinkedVariants,
  selectNewestMatching,
  selectNewestWithinWindow,
  selectProducts,
} from './product-rows.read-model';
import { everyWordIn } from '../../lib/sql-search';
import { recordChangeIn } from '../audit';
import type { DbOrTx } from '../../db/client';

/** A product's stored row, as the audit trail keeps it before and after a change. */
const auditedRow = async (tx: DbOrTx, id: number) =>
  (await tx.select().from(products).where(eq(products.id, id)).for('update'))[0];

export const PRODUCT_MESSAGES = {
  nameTaken: 'Product name already exists',
  skuTaken: 'SKU already exists',
  slugTaken: 'Another product already uses this URL (its name differs only in punctuation or case)',
  badSlug: 'The product name must contain letters or digits',
  categoryMissing: 'The selected category does not exist',
  metalMissing: 'The selected metal does not exist',
  purityMissing: 'Choose a purity of the selected metal',
  tooExpensive: 'The price is too large',
  huidsPerPiece: (stock: number) =>
    `Enter one HUID for each piece in stock (${stock} now); to add or take out pieces, adjust the stock`,
  archivedOnSlides: (slides: Array<{ id: number; position: number }>) =>
    `The home carousel links to this product (slide ${slides.map((s) => s.position + 1).join(', ')}): change or remove ${slides.length === 1 ? 'that slide' : 'those slides'} first`,
} as const;

/** Prices are stored as 32-bit integer paise. */
export const MAX_PRICE_PAISE = 2_147_483_647;

/** The jeweller's price; one too large to hold exactly (a RangeError) is past the limit too. */
function metalPrice(input: Parameters<typeof jewelleryPrice>[0]): number {
  try {
    return jewelleryPrice(input).totalPaise;
  } catch (err) {
    if (err instanceof RangeError) return Number.POSITIVE_INFINITY;
    throw err;
  }
}

type ProductRefs = {
  slug: string;
  categoryId: number;
  metal: { id: number; name: string } | undefined;
  purity: { id: number; name: string; ratePaise: number } | undefined;
};

/**
 * The stored values of a product the form (or an import row) describes, its references checked: the
 * server computes the price (`jewelleryPrice` for metal-priced pieces), one past the limit refused.
 */
export function storedProductValues(input: ProductInput | ProductUpdate, refs: ProductRefs, gstBp: number) {
  const { slug, metal, purity } = refs;
  const metalPriced = input.productType !== 'MRP';
  const metalWeightMg = Math.round(input.metalWeight * 1000);
  const making = metalPriced && input.making ? input.making : null;
  const makingValue = making ? makingValueToStored(making) : 0;
  const stones = metalPriced && input.stones ? input.stones : null;
  const stonesPaise = stones ? rupeesToPaise(stones.value) : 0;
  const pricePaise =
    !metalPriced || !metal || !purity
      ? rupeesToPaise(input.price ?? 0)
      : metalPrice({
          metalName: metal.name,
          purity: purity.name,
          ratePerGramPaise: purity.ratePaise,
          netWeightMg: metalWeightMg,
          making: making && { kind: making.kind, value: makingValue },
          stones: stones && { description: stones.description ?? '', valuePaise: stonesPaise },
          gstBasisPoints: gstBp,
        });
  if (pricePaise > MAX_PRICE_PAISE)
    throw badRequest(PRODUCT_MESSAGES.tooExpensive, [
      { path: 'price', message: PRODUCT_MESSAGES.tooExpensive },
    ]);
  return {
    sku: input.sku,
    name: input.name,
    slug,
    tagline: input.tagline,
    description: input.description,
    productType: input.productType,
    pricePaise,
    originalPricePaise: input.originalPrice == null ? null : rupeesToPaise(input.originalPrice),
    metalId: metal?.id ?? null,
    purityId: metalPriced ? (purity?.id ?? null) : null,
    metalWeightMg,
    makingKind: making?.kind ?? null,
    makingValue,
    stonesPaise,
    stonesDescription: stones?.description || null,
    ...storedGem(input.gem),
    hallmarked: input.hallmarked,
    categoryId: refs.categoryId,
    plan: input.vendorPlan,
    vendorCommissionPaise: rupeesToPaise(input.vendorCommission),
    images: input.images,
    specifications: input.specifications,
    features: input.features,
    sale: input.sale,
    trending: input.trending,
    variantGroupId: input.variantGroupId,
    variantType: input.variantType,
    variantValue: input.variantValue,
    launchDate: input.launchDate ? new Date(input.launchDate) : null,
  };
}

/**
 * The stones' columns: absent (a client that does not know the fields) leaves them as they are; null
 * clears them. A gemstone's origin is kept only when given; a diamond's is required by the schema.
 */
function storedGem(gem: ProductInput['gem']) {
  if (gem === undefined) return {};
  return {
    stoneKind: gem?.kind ?? null,
    stoneOrigin: gem?.origin ?? null,
    certificate: gem?.certificate ?? null,
  };
}

export type ProductFilter = {
  /** Archived products are listed only for catalogue admins. */
  includeArchived?: boolean;
  page: number;
  size: number;
  categoryId?: number;
  metalTypeId?: number;
  search?: string;
};

function filterWhere(f: Omit<ProductFilter, 'page' | 'size'>): SQL | undefined {
  const parts: SQL[] = [];
  if (!f.includeArchived) parts.push(eq(products.status, 'active'));
  const search = f.search?.trim();
  if (f.categoryId) parts.push(search ? inCategoryTreeIds(f.categoryId) : inCategoryTree(f.categoryId));
  if (f.metalTypeId) parts.push(eq(products.metalId, f.metalTypeId));
  // Every word in the name, SKU or tagline (decision 0095), tested after the cheaper filters (a
  // search walks products checking each); text without a word matches nothing.
  if (search) parts.push(everyWordIn([products.name, products.sku, products.tagline], search) ?? sql`false`);
  return parts.length ? and(...parts) : undefined;
}

export function createProductsService(ctx: Pick<AppContext, 'db' | 'now' | 'config'>) {
  const { db } = ctx;
  const gstBp = () => gstBasisPoints(ctx.config);

  /**
   * Newest first. Pages are bounded (`boundedPages`); a catalogue admin gets the exact total, anyone
   * else a total counted up to the result window (a search's or the listing's), so no stranger's
   * listing counts the whole catalogue.
   */
  async function page(f: ProductFilter): Promise<Paged<CatalogueProduct>> {
    const where = filterWhere(f);
    const window = f.search?.trim() ? MAX_SEARCH_RESULTS : MAX_RESULT_WINDOW;
    const [rows, total] = f.includeArchived
      ? await Promise.all([
          selectProducts(db, where, [desc(products.id)], f.size, f.page * f.size),
          countProducts(db, where),
        ])
      : await (
          f.search?.trim() && where
            ? selectNewestMatching(db, where, window, f.size, f.page * f.size)
            : selectNewestWithinWindow(db, where, window, f.size, f.page * f.size)
        ).then((p) => [p.rows, p.total] as const);
    return toPaged(
      rows.map((r) => toProductDto(r, gstBp())),
      total,
      f,
      window,
    );
  }

  async function get(id: number): Promise<CatalogueProduct> {
    const [row] = await selectProducts(db, eq(products.id, id));
    if (!row) throw notFound('Product');
    const [variants, huids] = await Promise.all([
      selectLinkedVariants(db, id, row.product.variantGroupId),
      piecesInStock(db, id),
    ]);
    return toProductDto(row, gstBp(), variants, huids);
  }

  async function nameExists(name: string, exceptId?: number): Promise<boolean> {
    const where = sql`lower(${products.name}) = lower(${name.trim()})`;
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(exceptId ? and(where, ne(products.id, exceptId)) : where);
    return !!row;
  }

  /** Checks references and uniqueness, and computes the stored values (the server decides every amount). */
  async function toValues(input: ProductInput | ProductUpdate, exceptId?: number) {
    const slug = slugify(input.name);
    if (!slug)
      throw badRequest(PRODUCT_MESSAGES.badSlug, [{ path: 'name', message: PRODUCT_MESSAGES.badSlug }]);
    const metalPriced = input.productType !== 'MRP';
    const { category, metal, purity } = await loadProductReferences(db, {
      categoryId: input.category.id,
      metalId: input.metal?.id,
      purityId: metalPriced && input.purity ? input.purity.id : undefined,
    });
    if (!category)
      throw badRequest(PRODUCT_MESSAGES.categoryMissing, [
        { path: 'category', message: PRODUCT_MESSAGES.categoryMissing },
      ]);
    if (input.metal && !metal)
      throw badRequest(PRODUCT_MESSAGES.metalMissing, [
        { path: 'metal', message: PRODUCT_MESSAGES.metalMissing },
      ]);
    if (metalPriced && (!purity || purity.metalId !== metal?.id))
      throw badRequest(PRODUCT_MESSAGES.purityMissing, [
        { path: 'purity', message: PRODUCT_MESSAGES.purityMissing },
      ]);
    if (await nameExists(input.name, exceptId)) throw conflict(PRODUCT_MESSAGES.nameTaken);
    return storedProductValues(input, { slug, categoryId: category.id, metal, purity }, gstBp());
  }

  async function write<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint === null) throw err;
      if (constraint.includes('huid')) throw conflict(HUID_TAKEN);
      if (constraint.includes('sku')) throw conflict(PRODUCT_MESSAGES.skuTaken);
      if (constraint.includes('slug')) throw conflict(PRODUCT_MESSAGES.slugTaken);
      throw conflict(PRODUCT_MESSAGES.nameTaken);
    }
  }

  async function assertSkuFree(sku: string, exceptId?: number) {
    const [row] = await db.select({ id: products.id }).from(products).where(eq(products.sku, sku));
    if (row && row.id !== exceptId) throw conflict(PRODUCT_MESSAGES.skuTaken);
  }

  return {
    page,
    get,
    nameExists: (name: string) => nameExists(name),

    async create(input: ProductInput): Promise<CatalogueProduct> {
      const values = await toValues(input);
      await assertSkuFree(input.sku);
      const id = await write(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .insert(products)
            .values({ ...values, status: input.status })
            .returning({ id: products.id });
          await setOpeningStock(tx, row!.id, input.stock, input.hallmarked ? input.huids : []);
          const after = await auditedRow(tx, row!.id);
          await recordChangeIn(tx, { action: 'create', entityType: 'product', entityId: row!.id, after });
          return row!.id;
        }),
      );
      return get(id);
    },

    /**
     * Saves an edit made from `input.version`. A save over a newer version is refused (409 with the
     * newer product), never applied. Stock is not part of an edit; a hallmarked product's HUIDs may be
     * corrected, one per piece on the shelf. Unticking 'BIS hallmarked' keeps the pieces' HUIDs.
     */
    async update(id: number, input: ProductUpdate): Promise<CatalogueProduct> {
      const [existing] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
      if (!existing) throw notFound('Product');
      const values = await toValues(input, id);
      await assertSkuFree(input.sku, id);
      const saved = await write(() =>
        db.transaction(async (tx) => {
          const before = await auditedRow(tx, id);
          const [row] = await tx
            .update(products)
            .set({ ...values, version: sql`${products.version} + 1`, updatedAt: ctx.now() })
            .where(and(eq(products.id, id), eq(products.version, input.version)))
            .returning();
          if (!row) return false;
          await recordChangeIn(tx, {
            action: 'update',
            entityType: 'product',
            entityId: id,
            before,
            after: row,
          });
          if (input.hallmarked) {
            if (input.huids.length !== row.stock)
              throw badRequest(PRODUCT_MESSAGES.huidsPerPiece(row.stock), [
                { path: 'huids', message: PRODUCT_MESSAGES.huidsPerPiece(row.stock) },
              ]);
            await replacePieces(tx, id, input.huids);
          }
          return true;
        }),
      );
      if (!saved) throw conflict(STALE_EDIT_MESSAGE, { current: await get(id) });
      return get(id);
    },

    /** What points at the product (named before archiving). */
    async references(id: number): Promise<ProductReferences> {
      const [row] = await db
        .select({ id: products.id, variantGroupId: products.variantGroupId })
        .from(products)
        .where(eq(products.id, id));
      if (!row) throw notFound('Product');
      return productReferences(db, row);
    },

    /**
     * Archives a product: hidden from every shop and from sale, kept for its orders, invoices, HUIDs
     * and history. A carousel slide must not be left pointing at it: refused, naming the slides.
     */
    async archive(id: number): Promise<CatalogueProduct> {
      const refs = await this.references(id);
      if (refs.carouselSlides.length)
        throw conflict(PRODUCT_MESSAGES.archivedOnSlides(refs.carouselSlides), { references: refs });
      await db.transaction(async (tx) => {
        const before = await auditedRow(tx, id);
        const [after] = await tx
          .update(products)
          .set({ status: 'archived', archivedAt: ctx.now(), version: sql`${products.version} + 1` })
          .where(and(eq(products.id, id), ne(products.status, 'archived')))
          .returning();
        if (after)
          await recordChangeIn(tx, { action: 'archive', entityType: 'product', entityId: id, before, after });
      });
      return get(id);
    },

    async restore(id: number): Promise<CatalogueProduct> {
      await db.transaction(async (tx) => {
        const before = await auditedRow(tx, id);
        if (!before) throw notFound('Product');
        const [after] = await tx
          .update(products)
          .set({ status: 'active', archivedAt: null, version: sql`${products.version} + 1` })
          .where(eq(products.id, id))
          .returning();
        await recordChangeIn(tx, { action: 'restore', entityType: 'product', entityId: id, before, after });
      });
      return get(id);
    },
  };
}
