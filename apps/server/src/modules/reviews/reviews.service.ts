import { and, desc, eq } from 'drizzle-orm';
import type { Review, ReviewInput } from '@zevar/domain';
import type { AppContext } from '../../context';
import { reviews } from '../../db/schema';
import { productExists } from './reviewed-products.read-model';
import { badRequest, notFound } from '../../lib/errors';

type ReviewRow = typeof reviews.$inferSelect;

export function toReviewDto(row: ReviewRow): Review {
  return {
    id: row.id,
    productId: row.productId,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    photos: row.photos,
    date: row.createdAt.toISOString(),
  };
}

/** Public reviews: anyone may add one to an existing product; photos must be images this server stored. */
export function createReviewsService(ctx: Pick<AppContext, 'db' | 'images' | 'now'>) {
  async function requireStoredPhotos(photos: string[]): Promise<void> {
    const checks = await Promise.all(photos.map((p) => ctx.images.exists(p)));
    const bad = checks.findIndex((ok) => !ok);
    if (bad >= 0) {
      throw badRequest('Review photos must be uploaded first', [
        { path: `photos.${bad}`, message: 'Unknown photo' },
      ]);
    }
    if (new Set(photos).size !== photos.length) throw badRequest('The same photo is listed twice');
  }

  async function add(input: ReviewInput): Promise<Review> {
    await requireStoredPhotos(input.photos);
    if (!(await productExists(ctx.db, input.productId))) throw notFound('Product');
    const [row] = await ctx.db
      .insert(reviews)
      .values({
        productId: input.productId,
        name: input.name,
        rating: input.rating,
        comment: input.comment,
        photos: input.photos,
        createdAt: ctx.now(),
      })
      .returning();
    return toReviewDto(row!);
  }

  async function listForProduct(productId: number, limit: number): Promise<Review[]> {
    const rows = await ctx.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, productId)))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit);
    return rows.map(toReviewDto);
  }

  return { add, listForProduct, requireStoredPhotos };
}
