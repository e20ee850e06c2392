import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  COUPON_TEXT,
  STALE_EDIT_MESSAGE,
  couponConditionText,
  couponDiscount,
  isCouponApplicable,
  isCouponExpired,
  isLargeCouponDiscount,
  formatInr,
  shareCappedDiscount,
  paiseToRupees,
  rupeesToPaise,
  type AdminCoupon,
  type CouponBasket,
  type CouponRule,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { coupons } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { uniqueViolation } from '../../lib/db-errors';
import { noteChanged } from '../../lib/cache/changes';
import type { CouponInput, CouponUpdateInput } from './coupons.schemas';
import { recordChangeIn } from '../audit';

type CouponRow = typeof coupons.$inferSelect;

export const toRule = (row: CouponRow): CouponRule => ({
  type: row.type,
  discountPaise: row.discountPaise,
  minQuantity: row.minQuantity,
  minimumTotalPaise: row.minimumTotalPaise,
  expiryDate: row.expiryDate,
});

/** A coupon with its edit version (public answers serialise through couponSchema, which drops it). */
export function toCouponDto(row: CouponRow, now: Date): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    discount: paiseToRupees(row.discountPaise),
    quantity: row.minQuantity,
    minimumTotalPrice: paiseToRupees(row.minimumTotalPaise),
    expiryDate: row.expiryDate.toISOString(),
    description: row.description,
    expired: isCouponExpired(row, now),
    condition: couponConditionText(row),
    version: row.version,
  };
}

/** The coupon with this code (case-insensitive), if any. */
export async function findCouponByCode(db: DbOrTx, code: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${code.trim().toUpperCase()}`);
  return row;
}

/**
 * Discount in paise the coupon gives on the server's own basket, or null when it does not apply;
 * never more than `maxSharePercent` of the basket (COUPON_MAX_SHARE_PERCENT).
 */
export function evaluateCoupon(
  row: CouponRow,
  basket: CouponBasket,
  now: Date,
  maxSharePercent: number,
): number | null {
  return isCouponApplicable(toRule(row), basket, now)
    ? shareCappedDiscount(couponDiscount(toRule(row), basket, now), basket.subtotalPaise, maxSharePercent)
    : null;
}

/** Counts one use of each coupon a paid order applied (the caller's payment gate makes it once). */
export async function countCouponUses(db: DbOrTx, codes: string[]): Promise<void> {
  if (codes.length === 0) return;
  // A coupon that reaches its limit leaves the public listing.
  noteChanged('coupons');
  await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      inArray(
        sql`upper(${coupons.code})`,
        codes.map((c) => c.toUpperCase()),
      ),
    );
}

/** Gives back the uses a cancelled or refunded order took (the caller's refund gate makes it once). */
export async function returnCouponUses(db: DbOrTx, codes: string[]): Promise<void> {
  if (codes.length === 0) return;
  noteChanged('coupons');
  await db
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(
      inArray(
        sql`upper(${coupons.code})`,
        codes.map((c) => c.toUpperCase()),
      ),
    );
}

export function createCouponsService(ctx: AppContext) {
  /** Not-expired coupons; with a basket, only those the basket qualifies for. */
  async function list(basket?: Partial<CouponBasket>): Promise<AdminCoupon[]> {
    const now = ctx.now();
    const rows = await ctx.db
      .select()
      .from(coupons)
      .where(gte(coupons.expiryDate, now))
      .orderBy(asc(coupons.id))
      .limit(200);
    const fits = (r: CouponRow) => {
      if (
        basket?.quantity !== undefined &&
        r.type === 'APPLY_WITH_QUANTITY' &&
        basket.quantity < r.minQuantity
      )
        return false;
      if (basket?.subtotalPaise !== undefined && r.type === 'APPLY_WITH_TOTAL_PRICE') {
        return basket.subtotalPaise >= r.minimumTotalPaise;
      }
      return true;
    };
    return rows.filter(fits).map((r) => toCouponDto(r, now));
  }

  /** Every coupon, expired ones included, newest expiry first (the admin's coupon manager). */
  async function listAll(): Promise<AdminCoupon[]> {
    const now = ctx.now();
    const rows = await ctx.db
      .select()
      .from(coupons)
      .orderBy(desc(coupons.expiryDate), asc(coupons.id))
      .limit(1000);
    return rows.map((r) => toCouponDto(r, now));
  }

  async function get(id: number): Promise<AdminCoupon> {
    const [row] = await ctx.db.select().from(coupons).where(eq(coupons.id, id));
    if (!row) throw notFound('Coupon');
    return toCouponDto(row, ctx.now());
  }

  async function getByCode(code: string): Promise<AdminCoupon> {
    const row = await findCouponByCode(ctx.db, code);
    if (!row) throw notFound('Coupon');
    return toCouponDto(row, ctx.now());
  }

  async function applies(code: string, basket: CouponBasket): Promise<boolean> {
    const row = await findCouponByCode(ctx.db, code);
    return row ? evaluateCoupon(row, basket, ctx.now(), ctx.config.COUPON_MAX_SHARE_PERCENT) !== null : false;
  }

  const toColumns = (input: CouponInput) => ({
    code: input.code.trim().toUpperCase(),
    type: input.type,
    discountPaise: rupeesToPaise(input.discount),
    minQuantity: input.quantity,
    minimumTotalPaise: rupeesToPaise(input.minimumTotalPrice),
    expiryDate: input.expiryDate,
    description: input.description,
  });

  /**
   * Whether an edit keeps the discount terms of the version it was made from: a large discount
   * confirmed once is not asked about again when only the description or expiry changes.
   */
  async function discountUnchanged(id: number, version: number, columns: ReturnType<typeof toColumns>) {
    const [row] = await ctx.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, id), eq(coupons.version, version)));
    return (
      row !== undefined &&
      row.type === columns.type &&
      row.discountPaise === columns.discountPaise &&
      row.minQuantity === columns.minQuantity &&
      row.minimumTotalPaise === columns.minimumTotalPaise
    );
  }

  /** Creates a coupon, or saves an edit made from `input.version` (409 with `current` over a newer one). */
  async function save(input: CouponInput | CouponUpdateInput, id?: number): Promise<AdminCoupon> {
    const share = ctx.config.COUPON_MAX_SHARE_PERCENT;
    const columns = toColumns(input);
    if (
      !input.confirmLargeDiscount &&
      isLargeCouponDiscount(columns, share) &&
      !(id && 'version' in input && (await discountUnchanged(id, input.version, columns)))
    ) {
      const message =
        columns.type === 'APPLY_WITH_QUANTITY'
          ? COUPON_TEXT.quantityDiscount(formatInr(input.discount), share)
          : COUPON_TEXT.largeDiscount(share);
      throw badRequest(message, [
        { path: 'discount', message },
        { path: 'confirmLargeDiscount', message },
      ]);
    }
    try {
      const row = await ctx.db.transaction(async (tx) => {
        const editing = id && 'version' in input;
        const [before] = editing
          ? await tx.select().from(coupons).where(eq(coupons.id, id)).for('update')
          : [];
        const [saved] = editing
          ? await tx
              .update(coupons)
              .set({ ...columns, version: sql`${coupons.version} + 1` })
              .where(and(eq(coupons.id, id), eq(coupons.version, input.version)))
              .returning()
          : await tx.insert(coupons).values(columns).returning();
        if (saved)
          await recordChangeIn(tx, {
            action: editing ? 'update' : 'create',
            entityType: 'coupon',
            entityId: saved.id,
            before: before ?? null,
            after: saved,
            // A coupon's code is what shoppers type, not a secret.
            redact: { allow: ['code'] },
          });
        return saved;
      });
      if (!row) throw conflict(STALE_EDIT_MESSAGE, { current: await get(id ?? 0) });
      return toCouponDto(row, ctx.now());
    } catch (err) {
      if (uniqueViolation(err) !== null) throw conflict('A coupon with this code already exists');
      throw err;
    }
  }

  async function remove(id: number): Promise<void> {
    await ctx.db.transaction(async (tx) => {
      const [before] = await tx.delete(coupons).where(eq(coupons.id, id)).returning();
      if (!before) throw notFound('Coupon');
      await recordChangeIn(tx, {
        action: 'delete',
        entityType: 'coupon',
        entityId: id,
        before,
        redact: { allow: ['code'] },
      });
    });
  }

  return {
    list,
    listAll,
    get,
    getByCode,
    applies,
    create: (i: CouponInput) => save(i),
    update: (i: CouponUpdateInput, id: number) => save(i, id),
    remove,
  };
}
