import { and, count, countDistinct, desc, eq, ilike, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PageQuery, ReviewedProductsQuery, ReviewStatus } from '@zevar/domain';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, products, reviews } from '../../db/schema';
import { likePattern } from '../../lib/sql-search';

/*
 * Read model (docs/decisions/0015): reviews with the name and picture of their product (a join on the
 * products module's table), for the review manager and the review form's product check, and whether a
 * reviewer bought the product (the orders module's tables). Reads only.
 */

/** Whether a product with the id exists (a review must be about a real product). */
export async function productExists(db: DbOrTx, productId: number): Promise<boolean> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  return Boolean(product);
}

/**
 * Whether `email` placed a paid order (captured, or refunded after it was) with a line of this product:
 * the review is then marked as from a verified buyer.
 */
export async function boughtBy(db: DbOrTx, productId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orderItems.productId, productId),
        sql`lower(${orders.customerEmail}) = ${email.toLowerCase()}`,
        isNotNull(orders.paymentDate),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function productNameOf(db: DbOrTx, productId: number): Promise<string | undefined> {
  const [product] = await db.select({ name: products.name }).from(products).where(eq(products.id, productId));
  return product?.name;
}

/** Products that have reviews, most recent review first: one grouped query plus one count. */
export async function reviewedProductsPage(db: DbOrTx, q: ReviewedProductsQuery) {
  const where: SQL | undefined = q.search ? ilike(products.name, likePattern(q.search)) : undefined;
  const lastReview = sql<Date>`max(${reviews.createdAt})`.mapWith(reviews.createdAt);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        productId: products.id,
        productName: products.name,
        images: products.images,
        averageRating: sql<string>`coalesce(round(avg(${reviews.rating}) filter (where ${reviews.status} = 'PUBLISHED'), 1), 0)`,
        totalReviews: count(reviews.id),
        pendingReviews: sql<number>`count(*) filter (where ${reviews.status} = 'PENDING')`.mapWith(Number),
        lastReview,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(where)
      .groupBy(products.id)
      .orderBy(desc(lastReview), desc(products.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db
      .select({ n: countDistinct(reviews.productId) })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Every review (or those in one moderation state, or of one product), newest first, with its product's name. */
export async function reviewsWithProductPage(
  db: DbOrTx,
  q: PageQuery,
  filter: { status?: ReviewStatus; productId?: number },
) {
  const where = and(
    filter.status ? eq(reviews.status, filter.status) : undefined,
    filter.productId ? eq(reviews.productId, filter.productId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ review: reviews, productName: products.name })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(q.size)
      .offset(q.page * q.size),
    db.select({ n: count() }).from(reviews).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
