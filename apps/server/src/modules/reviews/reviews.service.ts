import { createHash } from 'node:crypto';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Review, ReviewInput } from '@zevar/domain';
import { REVIEW_MESSAGES } from '@zevar/domain';
import type { AppContext } from '../../context';
import { reviews } from '../../db/schema';
import { boughtBy, productExists } from './reviewed-products.read-model';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { clientNetworkOf } from '../../lib/client-network';
import { noteChanged } from '../../lib/cache/changes';
import { productTag } from '../../lib/cache/invalidation';

type ReviewRow = typeof reviews.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

export function toReviewDto(row: ReviewRow): Review {
  return {
    id: row.id,
    productId: row.productId,
    name: row.name,
    rating: row.rating,
    comment: row.comment,
    photos: row.photos,
    date: row.createdAt.toISOString(),
    status: row.status,
    verifiedBuyer: row.verifiedBuyer,
  };
}

/**
 * The review as its author is answered: without the verified-buyer mark, which would tell anyone
 * whether an email bought the piece (decision 0097). Moderators and published reviews keep it.
 */
export function withoutVerifiedMark(review: Review): Omit<Review, 'verifiedBuyer'> {
  const { verifiedBuyer: _mark, ...rest } = review;
  return rest;
}

/**
 * Public reviews: anyone may add one to an existing product; photos must be images this server
 * stored. New reviews wait for an admin (REVIEW_MODERATION), each client network may review a
 * product a few times a day (MAX_REVIEWS_PER_PRODUCT_PER_CLIENT), and only published reviews are
 * listed and counted in the rating.
 */
export function createReviewsService(ctx: Pick<AppContext, 'db' | 'images' | 'now' | 'config'>) {
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

  /** The client's network (IPv4 address or IPv6 /64), hashed with the server's secret: never stored in the clear. */
  function clientKeyOf(address: string): string {
    return createHash('sha256')
      .update(`${ctx.config.JWT_SECRET}:review-client:${clientNetworkOf(address)}`)
      .digest('base64url')
      .slice(0, 32);
  }

  /**
   * Adds a review from `clientAddress` (`request.ip`). A review written by a review manager (the
   * back office's 'Write a Review') is published at once and not counted against the limit.
   */
  async function add(
    input: ReviewInput,
    from: { clientAddress: string; byModerator: boolean },
  ): Promise<Review> {
    await requireStoredPhotos(input.photos);
    if (!(await productExists(ctx.db, input.productId))) throw notFound('Product');
    const now = ctx.now();
    const clientKey = clientKeyOf(from.clientAddress);
    const verifiedBuyer = input.email ? await boughtBy(ctx.db, input.productId, input.email) : false;
    // The count and the insert run in one transaction under a per-client, per-product lock, so that
    // 60 reviews sent at once cannot all pass the count before any is written.
    const row = await ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`review:${input.productId}:${clientKey}`}))`,
      );
      const [recent] = await tx
        .select({
          n: count(),
          oldestMs: sql<number | null>`extract(epoch from min(${reviews.createdAt})) * 1000`.mapWith(Number),
        })
        .from(reviews)
        .where(
          and(
            eq(reviews.productId, input.productId),
            eq(reviews.clientKey, clientKey),
            gt(reviews.createdAt, new Date(now.getTime() - DAY_MS)),
          ),
        );
      if (!from.byModerator && Number(recent?.n ?? 0) >= ctx.config.MAX_REVIEWS_PER_PRODUCT_PER_CLIENT) {
        // The client may write again when its oldest review of the day leaves the 24-hour window.
        // (At most a day: a review written at the same moment may carry a slightly later time.)
        const freeAt = (recent?.oldestMs ?? now.getTime()) + DAY_MS;
        const seconds = Math.min(DAY_MS / 1000, Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
        throw new AppError('RATE_LIMITED', REVIEW_MESSAGES.tooMany, undefined, undefined, {
          'retry-after': String(seconds),
        });
      }
      const [inserted] = await tx
        .insert(reviews)
        .values({
          productId: input.productId,
          name: input.name,
          rating: input.rating,
          comment: input.comment,
          photos: input.photos,
          status: ctx.config.REVIEW_MODERATION && !from.byModerator ? 'PENDING' : 'PUBLISHED',
          verifiedBuyer,
          clientKey,
          createdAt: now,
        })
        .returning();
      return inserted!;
    });
    noteChanged(productTag(row.productId));
    return toReviewDto(row);
  }

  async function listForProduct(productId: number, limit: number): Promise<Review[]> {
    const rows = await ctx.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.status, 'PUBLISHED')))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit);
    return rows.map(toReviewDto);
  }

  return { add, listForProduct, requireStoredPhotos };
}
