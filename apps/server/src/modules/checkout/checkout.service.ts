import { and, eq, lt } from 'drizzle-orm';
import {
  PAYMENT_TEXT,
  orderTotals,
  payableDiscount,
  paiseToRupees,
  roundOffOf,
  type CartQuote,
  type Checkout,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { checkouts } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { createShopsService } from '../users';
import { evaluateCoupon, findCouponByCode } from '../coupons';
import { priceBySku, quoteById, subtotalOf } from './pricing';

type CheckoutRow = typeof checkouts.$inferSelect;

function toDto(row: CheckoutRow, status = row.status): Checkout {
  return {
    checkoutId: row.id,
    vendorSlug: row.vendorSlug,
    items: row.items.map((i) => ({
      productId: i.productId,
      productSku: i.sku,
      name: i.name,
      image: i.image,
      quantity: i.quantity,
      price: paiseToRupees(i.pricePaise),
      lineTotal: paiseToRupees(i.pricePaise * i.quantity),
    })),
    subtotal: paiseToRupees(row.subtotalPaise),
    discount: paiseToRupees(row.discountPaise),
    roundOff: paiseToRupees(
      roundOffOf({
        subtotalPaise: row.subtotalPaise,
        discountPaise: row.discountPaise,
        finalPaise: row.totalPaise,
      }),
    ),
    totalAmount: paiseToRupees(row.totalPaise),
    appliedCoupons: row.appliedCoupons.map((c) => ({
      code: c.code,
      discount: paiseToRupees(c.discountPaise),
    })),
    status,
    expirationTime: row.expirationTime.toISOString(),
  };
}

export function createCheckoutService(ctx: AppContext) {
  const shops = createShopsService(ctx);

  /**
   * Prices cart lines from the database for the shop; products above the shop's plan are unavailable.
   * Quantities are capped at the stock; out-of-stock lines are not in the subtotal.
   */
  async function quote(
    vendorSlug: string,
    items: Array<{ productId: number; quantity: number }>,
  ): Promise<CartQuote> {
    const shop = await shops.requireShop(vendorSlug);
    const quoted = await quoteById(ctx.db, shop, items);
    const lines = quoted.map((q) =>
      q.available
        ? {
            productId: q.line.productId,
            available: true,
            name: q.line.name,
            slug: q.line.slug,
            sku: q.line.sku,
            image: q.line.image,
            price: paiseToRupees(q.line.unitPaise),
            originalPrice: q.line.originalPaise === null ? null : paiseToRupees(q.line.originalPaise),
            stock: q.line.stock,
            quantity: q.line.quantity,
            lineTotal: paiseToRupees(q.line.lineTotalPaise),
          }
        : {
            productId: q.productId,
            available: false,
            name: '',
            slug: '',
            sku: '',
            image: null,
            price: 0,
            originalPrice: null,
            stock: 0,
            quantity: q.quantity,
            lineTotal: 0,
          },
    );
    const subtotal = quoted.reduce(
      (s, q) => s + (q.available && q.line.stock >= 1 ? q.line.lineTotalPaise : 0),
      0,
    );
    const totals = orderTotals(subtotal, 0);
    return {
      lines,
      subtotal: paiseToRupees(subtotal),
      roundOff: paiseToRupees(totals.roundOffPaise),
      total: paiseToRupees(totals.finalPaise),
    };
  }

  async function create(vendorSlug: string, items: Array<{ productSku: string; quantity: number }>) {
    const shop = await shops.requireShop(vendorSlug);
    const lines = await priceBySku(ctx.db, shop, items, true);
    const subtotal = subtotalOf(lines);
    const expires = new Date(ctx.now().getTime() + ctx.config.RESERVATION_MINUTES * 60_000);
    const [row] = await ctx.db
      .insert(checkouts)
      .values({
        vendorId: shop.id,
        vendorSlug: shop.slug,
        items: lines.map((l) => ({
          productId: l.productId,
          sku: l.sku,
          name: l.name,
          image: l.image,
          quantity: l.quantity,
          pricePaise: l.unitPaise,
        })),
        subtotalPaise: subtotal,
        totalPaise: orderTotals(subtotal, 0).finalPaise,
        expirationTime: expires,
      })
      .returning({ id: checkouts.id });
    return { checkoutId: row!.id };
  }

  /** Loads a checkout, marking it EXPIRED once its time is up. */
  async function load(id: string): Promise<CheckoutRow> {
    const [row] = await ctx.db.select().from(checkouts).where(eq(checkouts.id, id));
    if (!row) throw notFound('Checkout');
    if (row.status === 'PENDING' && row.expirationTime < ctx.now()) {
      await ctx.db
        .update(checkouts)
        .set({ status: 'EXPIRED', updatedAt: ctx.now() })
        .where(
          and(eq(checkouts.id, id), eq(checkouts.status, 'PENDING'), lt(checkouts.expirationTime, ctx.now())),
        );
      return { ...row, status: 'EXPIRED' };
    }
    return row;
  }

  async function get(id: string): Promise<Checkout> {
    return toDto(await load(id));
  }

  async function loadOpen(id: string): Promise<CheckoutRow> {
    const row = await load(id);
    if (row.status === 'EXPIRED') throw conflict(PAYMENT_TEXT.checkoutExpired);
    if (row.status !== 'PENDING') throw conflict('This checkout is already completed');
    return row;
  }

  /**
   * Applies a coupon, evaluated on the checkout's own quantity and subtotal. One coupon per order: while
   * one is applied another is refused (409) rather than silently replacing it; the same one again is a
   * no-op.
   */
  async function applyCoupon(id: string, code: string): Promise<Checkout> {
    const row = await loadOpen(id);
    const current = row.appliedCoupons[0];
    if (current) {
      if (current.code.toUpperCase() === code.trim().toUpperCase()) return toDto(row);
      throw conflict(PAYMENT_TEXT.oneCouponOnly(current.code));
    }
    const coupon = await findCouponByCode(ctx.db, code);
    const quantity = row.items.reduce((s, i) => s + i.quantity, 0);
    const discount = coupon
      ? evaluateCoupon(coupon, { quantity, subtotalPaise: row.subtotalPaise }, ctx.now())
      : null;
    if (!coupon || discount === null) throw badRequest(PAYMENT_TEXT.couponNotApplicable);
    const capped = payableDiscount(discount, row.subtotalPaise);
    const [updated] = await ctx.db
      .update(checkouts)
      .set({
        discountPaise: capped,
        totalPaise: orderTotals(row.subtotalPaise, capped).finalPaise,
        appliedCoupons: [{ code: coupon.code, discountPaise: capped }],
        updatedAt: ctx.now(),
      })
      .where(and(eq(checkouts.id, id), eq(checkouts.status, 'PENDING')))
      .returning();
    if (!updated) throw new AppError('CONFLICT', 'This checkout can no longer be changed');
    return toDto(updated);
  }

  /** Removes the applied coupon: the total goes back to the subtotal rounded up. */
  async function removeCoupon(id: string): Promise<Checkout> {
    const row = await loadOpen(id);
    const [updated] = await ctx.db
      .update(checkouts)
      .set({
        discountPaise: 0,
        totalPaise: orderTotals(row.subtotalPaise, 0).finalPaise,
        appliedCoupons: [],
        updatedAt: ctx.now(),
      })
      .where(and(eq(checkouts.id, id), eq(checkouts.status, 'PENDING')))
      .returning();
    if (!updated) throw new AppError('CONFLICT', 'This checkout can no longer be changed');
    return toDto(updated);
  }

  return { quote, create, get, load, applyCoupon, removeCoupon };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;
