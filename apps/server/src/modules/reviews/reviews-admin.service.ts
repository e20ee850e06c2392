import { count, countDistinct, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import {
  toPaged,
  type AdminReview,
  type PageQuery,
  type Paged,
  type ReviewedProduct,
  type ReviewedProductsQuery,
  type ReviewUpdate,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { products, reviews } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { likePattern } from '../../lib/sql-search';
import { createReviewsService, toReviewDto } from './reviews.service';

/** The review manager (SUPER_ADMIN): rating summaries per product, the list of every review, edit and delete. */
export function createReviewsAdminService(ctx: Pick<AppContext, 'db' | 'images' | 'now'>) {
  const publicReviews = createReviewsService(ctx);

  /** Products that have reviews, most recent review first: one grouped query plus one count. */
  async function reviewedProducts(q: ReviewedProductsQuery): Promise<Paged<ReviewedProduct>> {
    const where: SQL | undefined = q.search ? ilike(products.name, likePattern(q.search)) : undefined;
    const lastReview = sql<Date>`max(${reviews.createdAt})`.mapWith(reviews.createdAt);
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({
          productId: products.id,
          productName: products.name,
          images: products.images,
          averageRating: sql<string>`round(avg(${reviews.rating}), 1)`,
          totalReviews: count(reviews.id),
          lastReview,
        })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(where)
        .groupBy(products.id)
        .orderBy(desc(lastReview), desc(products.id))
        .limit(q.size)
        .offset(q.page * q.size),
      ctx.db
        .select({ n: countDistinct(reviews.productId) })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(where),
    ]);
    const content = rows.map((r) => ({
      productId: r.productId,
      productName: r.productName,
      productImage: r.images[0] ?? null,
      averageRating: Number(r.averageRating),
      totalReviews: Number(r.totalReviews),
      lastReview: new Date(r.lastReview).toISOString(),
    }));
    return toPaged(content, Number(total?.n ?? 0), q);
  }

  /** Every review, newest first, with its product's name. */
  async function list(q: PageQuery): Promise<Paged<AdminReview>> {
    const [rows, [total]] = await Promise.all([
      ctx.db
        .select({ review: reviews, productName: products.name })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .orderBy(desc(reviews.createdAt), desc(reviews.id))
        .limit(q.size)
        .offset(q.page * q.size),
      ctx.db.select({ n: count() }).from(reviews),
    ]);
    const content = rows.map((r) => ({ ...toReviewDto(r.review), productName: r.productName }));
    return toPaged(content, Number(total?.n ?? 0), q);
  }

  async function update(id: number, input: ReviewUpdate): Promise<AdminReview> {
    await publicReviews.requireStoredPhotos(input.photos);
    const [row] = await ctx.db
      .update(reviews)
      .set({ name: input.name, rating: input.rating, comment: input.comment, photos: input.photos })
      .where(eq(reviews.id, id))
      .returning();
    if (!row) throw notFound('Review');
    const [product] = await ctx.db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, row.productId));
    return { ...toReviewDto(row), productName: product?.name ?? '' };
  }

  async function remove(id: number): Promise<void> {
    const deleted = await ctx.db.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id });
    if (deleted.length === 0) throw notFound('Review');
  }

  return { reviewedProducts, list, update, remove };
}
