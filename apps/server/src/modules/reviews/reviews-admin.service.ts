import { and, eq, sql } from 'drizzle-orm';
import {
  STALE_EDIT_MESSAGE,
  toPaged,
  type AdminReview,
  type AdminReviewsQuery,
  type Paged,
  type ReviewedProduct,
  type ReviewedProductsQuery,
  type ReviewStatus,
  type ReviewUpdate,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { reviews } from '../../db/schema';
import { productNameOf, reviewedProductsPage, reviewsWithProductPage } from './reviewed-products.read-model';
import { conflict, notFound } from '../../lib/errors';
import { noteChanged } from '../../lib/cache/changes';
import { productTag } from '../../lib/cache/invalidation';
import { createReviewsService, toReviewDto } from './reviews.service';

type ReviewRow = typeof reviews.$inferSelect;

const toAdminReview = (row: ReviewRow, productName: string): AdminReview => ({
  ...toReviewDto(row),
  productName,
  version: row.version,
});

/**
 * The review manager (SUPER_ADMIN): rating summaries per product, the list of every review (or of
 * those awaiting moderation), publish or hold, edit and delete.
 */
export function createReviewsAdminService(ctx: Pick<AppContext, 'db' | 'images' | 'now' | 'config'>) {
  const publicReviews = createReviewsService(ctx);

  /** Products that have reviews, most recent review first: one grouped query plus one count. */
  async function reviewedProducts(q: ReviewedProductsQuery): Promise<Paged<ReviewedProduct>> {
    const { rows, total } = await reviewedProductsPage(ctx.db, q);
    const content = rows.map((r) => ({
      productId: r.productId,
      productName: r.productName,
      productImage: r.images[0] ?? null,
      averageRating: Number(r.averageRating),
      totalReviews: Number(r.totalReviews),
      pendingReviews: r.pendingReviews,
      lastReview: new Date(r.lastReview).toISOString(),
    }));
    return toPaged(content, total, q);
  }

  /** Every review (or those in one moderation state), newest first, with its product's name. */
  async function list(q: AdminReviewsQuery): Promise<Paged<AdminReview>> {
    const { rows, total } = await reviewsWithProductPage(ctx.db, q, q);
    const content = rows.map((r) => toAdminReview(r.review, r.productName));
    return toPaged(content, total, q);
  }

  async function withProductName(row: ReviewRow): Promise<AdminReview> {
    return toAdminReview(row, (await productNameOf(ctx.db, row.productId)) ?? '');
  }

  /** Saves an edit made from `input.version`; over a newer version nothing is saved (409 with `current`). */
  async function update(id: number, input: ReviewUpdate): Promise<AdminReview> {
    await publicReviews.requireStoredPhotos(input.photos);
    const [row] = await ctx.db
      .update(reviews)
      .set({
        name: input.name,
        rating: input.rating,
        comment: input.comment,
        photos: input.photos,
        version: sql`${reviews.version} + 1`,
      })
      .where(and(eq(reviews.id, id), eq(reviews.version, input.version)))
      .returning();
    if (!row) {
      const [current] = await ctx.db.select().from(reviews).where(eq(reviews.id, id));
      if (!current) throw notFound('Review');
      throw conflict(STALE_EDIT_MESSAGE, { current: await withProductName(current) });
    }
    noteChanged(productTag(row.productId));
    return withProductName(row);
  }

  /** Publishes a review, holds it back from the shop, or returns it to the moderation queue. */
  async function moderate(id: number, status: ReviewStatus): Promise<AdminReview> {
    const [row] = await ctx.db
      .update(reviews)
      .set({ status, version: sql`${reviews.version} + 1` })
      .where(eq(reviews.id, id))
      .returning();
    if (!row) throw notFound('Review');
    // The product's rating and review count are on every answer that shows it.
    noteChanged(productTag(row.productId));
    return withProductName(row);
  }

  async function remove(id: number): Promise<void> {
    const deleted = await ctx.db
      .delete(reviews)
      .where(eq(reviews.id, id))
      .returning({ productId: reviews.productId });
    if (deleted.length === 0) throw notFound('Review');
    noteChanged(...deleted.map((d) => productTag(d.productId)));
  }

  return { reviewedProducts, list, update, moderate, remove };
}
