import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  BULK_MESSAGES,
  bulkSkipReason,
  makingValueToStored,
  rupeesToPaise,
  type BulkProductAction,
  type BulkProductInput,
  type BulkProductResult,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { noteChanged } from '../../lib/cache/changes';
import { productTag, type CacheTag } from '../../lib/cache/invalidation';
import { recordChangeIn } from '../audit';
import { breakupOf } from './product-mapper';
import { loadProductReferences } from './product-references.read-model';
import { loadProductRows } from './product-rows.read-model';
import { carouselSlidesOf, variantGroupMembers } from './product-usage.read-model';
import { gstBasisPoints } from './repricing.service';
import { PRODUCT_MESSAGES, MAX_PRICE_PAISE } from './products.service';

type ProductRow = typeof products.$inferSelect;

/** The stored columns an action writes on one product (price too when the making charge moves it). */
function changesFor(action: BulkProductAction): Partial<ProductRow> {
  switch (action.kind) {
    case 'archive':
      return { status: 'archived' };
    case 'publish':
      return { status: 'active', archivedAt: null };
    case 'plan':
      return { plan: action.plan };
    case 'category':
      return { categoryId: action.categoryId };
    case 'commission':
      return { vendorCommissionPaise: rupeesToPaise(action.vendorCommission) };
    case 'making':
      return { makingKind: action.making.kind, makingValue: makingValueToStored(action.making) };
  }
}

/** Whether the action changes which shops list the product (membership of every list). */
const changesShops = (a: BulkProductAction) => ['archive', 'publish', 'plan', 'category'].includes(a.kind);

/**
 * New prices for the products whose making charge changes (the server computes every amount); one
 * past the price limit refuses the whole action.
 */
async function repricedWithMaking(tx: DbOrTx, ids: number[], set: Partial<ProductRow>, gstBp: number) {
  const prices = new Map<number, number>();
  for (const row of await loadProductRows(tx, ids)) {
    const product = { ...row.product, makingKind: set.makingKind!, makingValue: set.makingValue! };
    let total: number;
    try {
      total = breakupOf({ ...row, product }, gstBp).totalPaise;
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      total = Number.POSITIVE_INFINITY;
    }
    if (total > MAX_PRICE_PAISE)
      throw badRequest(`${row.product.name}: ${PRODUCT_MESSAGES.tooExpensive}`, [
        { path: 'action.making', message: PRODUCT_MESSAGES.tooExpensive },
      ]);
    prices.set(row.product.id, total);
  }
  return prices;
}

/**
 * Applies one bulk action to the selected products in ONE transaction: every product was listed at
 * the version it names (else 409 naming those changed meanwhile, nothing applied); each changed
 * product bumps its version and gets its own audit record; products the action leaves alone are
 * named with why. The public cache drops exactly what changed (decision 0048).
 */
export function createBulkProducts(ctx: Pick<AppContext, 'db' | 'now' | 'config'>) {
  const gstBp = () => gstBasisPoints(ctx.config);

  return async function applyBulkAction(input: BulkProductInput): Promise<BulkProductResult> {
    const { action } = input;
    if (action.kind === 'category') {
      const { category } = await loadProductReferences(ctx.db, { categoryId: action.categoryId });
      if (!category)
        throw badRequest(PRODUCT_MESSAGES.categoryMissing, [
          { path: 'action.categoryId', message: PRODUCT_MESSAGES.categoryMissing },
        ]);
    }
    const ids = input.products.map((p) => p.id);
    const set = changesFor(action);
    const stored = {
      commissionPaise: set.vendorCommissionPaise,
      makingStored: set.makingValue,
    };

    const outcome = await ctx.db.transaction(async (tx) => {
      // Locked in id order, so two bulk actions over overlapping selections queue rather than deadlock.
      const rows = await tx
        .select()
        .from(products)
        .where(inArray(products.id, ids))
        .orderBy(asc(products.id))
        .for('update');
      const byId = new Map(rows.map((r) => [r.id, r]));
      const missing = ids.filter((id) => !byId.has(id));
      if (missing.length) throw new AppError('NOT_FOUND', BULK_MESSAGES.missing(missing));
      const stale = input.products.filter((p) => byId.get(p.id)!.version !== p.version);
      if (stale.length)
        throw conflict(BULK_MESSAGES.stale(stale.map((p) => byId.get(p.id)!.name)), {
          stale: stale.map((p) => p.id),
        });

      const skipped: BulkProductResult['skipped'] = [];
      const changing: ProductRow[] = [];
      for (const row of rows) {
        const reason = bulkSkipReason(action, row, stored);
        if (reason) skipped.push({ id: row.id, name: row.name, reason });
        else changing.push(row);
      }
      const changingIds = changing.map((r) => r.id);
      if (changingIds.length === 0) return { changed: [], skipped, slides: false, groups: [] };

      if (action.kind === 'archive') {
        const slides = await carouselSlidesOf(tx, changingIds);
        if (slides.length) {
          const names = [...new Set(slides.map((s) => byId.get(s.targetId)!.name))];
          throw conflict(
            `The home carousel links to ${names.join(', ')}: change or remove those slides first`,
            { slides },
          );
        }
      }
      const prices =
        action.kind === 'making' ? await repricedWithMaking(tx, changingIds, set, gstBp()) : null;

      const now = ctx.now();
      const changes = { ...set, ...(action.kind === 'archive' ? { archivedAt: now } : {}) };
      const after: ProductRow[] = [];
      for (const row of changing) {
        const price = prices?.get(row.id);
        const [saved] = await tx
          .update(products)
          .set({
            ...changes,
            ...(price === undefined ? {} : { pricePaise: price }),
            version: sql`${products.version} + 1`,
            updatedAt: now,
          })
          .where(eq(products.id, row.id))
          .returning();
        after.push(saved!);
      }
      await recordChangeIn(
        tx,
        after.map((a) => ({
          action: `bulk-${action.kind}`,
          entityType: 'product',
          entityId: a.id,
          before: byId.get(a.id),
          after: a,
        })),
      );
      const shops = changesShops(action);
      return {
        changed: changingIds,
        skipped,
        slides: shops && action.kind !== 'archive' && (await carouselSlidesOf(tx, changingIds)).length > 0,
        groups: shops ? await variantGroupMembers(tx, changing) : [],
      };
    });

    noteBulkChanges(action, outcome.changed, outcome.groups, outcome.slides);
    return { changed: outcome.changed, skipped: outcome.skipped };
  };
}

/**
 * What a bulk action changed in public answers: each changed product (its page and every list
 * showing it). When shops may list it differently (status, plan, category): every list, and the
 * product pages of its variants (their 'other variants' list); the carousel when a slide leads to
 * it. A new making charge moves the price: price-ordered lists too. A commission is not public.
 */
function noteBulkChanges(action: BulkProductAction, changed: number[], groups: number[], slides: boolean) {
  if (changed.length === 0 || action.kind === 'commission') return;
  const tags: CacheTag[] = changed.map(productTag);
  if (changesShops(action)) tags.push('lists', ...groups.map(productTag));
  if (slides) tags.push('catalogue');
  if (action.kind === 'making') tags.push('price-order');
  noteChanged(...tags);
}
