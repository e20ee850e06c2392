import { and, eq, lt } from 'drizzle-orm';
import {
  PAYMENT_TEXT,
  orderTotals,
  payableDiscount,
  paiseToRupees,
  inclusivePriceBreakup,
  previousPaiseOf,
  priceChangePaise,
  seenPaiseOf,
  roundOffOf,
  toPriceBreakup,
  type CartQuote,
  type Checkout,
  type RepricedCheckout,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { checkouts } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { createShopsService } from '../users';
import { evaluateCoupon, findCouponByCode } from '../coupons';
import { gstBasisPoints } from '../metals';
import { priceBySku, quoteById, subtotalOf, type LockedPrice } from './pricing';
import { assertOrderQuantities } from './order-quantity-caps';

type CheckoutRow = typeof checkouts.$inferSelect;
const nullableRupees = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));

type CheckoutLine = CheckoutRow['items'][number];
const seenLine = (i: CheckoutLine) => ({
  unitPaise: i.pricePaise,
  seenPaise: i.seenPricePaise ?? null,
  quantity: i.quantity,
});

function toDto(row: CheckoutRow, gstBp: number, status = row.status): Checkout {
  return {
    checkoutId: row.id,
    vendorSlug: row.vendorSlug,
    priceChange: paiseToRupees(priceChangePaise(row.items.map(seenLine))),
    items: row.items.map((i) => ({
      productId: i.productId,
      productSku: i.sku,
      name: i.name,
      image: i.image,
      quantity: i.quantity,
      price: paiseToRupees(i.pricePaise),
      lineTotal: paiseToRupees(i.pricePaise * i.quantity),
      priceBreakup: toPriceBreakup(i.breakup ?? inclusivePriceBreakup(i.pricePaise, gstBp)),
      previousPrice: nullableRupees(previousPaiseOf(seenLine(i))),
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
  const gstBp = () => gstBasisPoints(ctx.config);
  const dto = (row: CheckoutRow, status = row.status) => toDto(row, gstBp(), status);

  /**
   * Prices cart lines from the database for the shop; products above the shop's plan are unavailable.
   * Quantities are capped at the stock; out-of-stock lines are not in the subtotal.
   */
  async function quote(
    vendorSlug: string,
    items: Array<{ productId: number; quantity: number; seenPrice?: number }>,
  ): Promise<CartQuote> {
    const shop = await shops.requireShop(vendorSlug);
    const quoted = await quoteById(ctx.db, shop, items, gstBp());
    // The price the shopper last saw per product (the first line that says, as lines are merged).
    const seen = new Map<number, number | null>();
    for (const i of items) if (!seen.get(i.productId)) seen.set(i.productId, seenPaiseOf(i.seenPrice));
    // Out-of-stock lines are not in the subtotal, so their price change is not told either.
    const seenLineOf = (line: { productId: number; unitPaise: number; quantity: number; stock: number }) => ({
      unitPaise: line.unitPaise,
      seenPaise: line.stock >= 1 ? (seen.get(line.productId) ?? null) : null,
      quantity: line.quantity,
    });
    const counted = quoted.flatMap((q) => (q.available ? [seenLineOf(q.line)] : []));
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
            previousPrice: nullableRupees(previousPaiseOf(seenLineOf(q.line))),
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
            previousPrice: null,
          },
    );
    const subtotal = quoted.reduce(
      (s, q) => s + (q.available && q.line.stock >= 1 ? q.line.lineTotalPaise : 0),
      0,
    );
    const totals = orderTotals(subtotal, 0);
    return {
      lines,
      priceChange: paiseToRupees(priceChangePaise(counted)),
      subtotal: paiseToRupees(subtotal),
      roundOff: paiseToRupees(totals.roundOffPaise),
      total: paiseToRupees(totals.finalPaise),
    };
  }

  /**
   * Today's prices for the lines, held (with their breakups) for the checkout's window, each with the
   * unit price the shopper saw before (`seenPaise` by SKU) kept only to tell them of a change.
   */
  async function priceLines(
    vendorSlug: string,
    items: Array<{ productSku: string; quantity: number }>,
    seenPaise: Map<string, number | null>,
  ) {
    const shop = await shops.requireShop(vendorSlug);
    const lines = await priceBySku(ctx.db, shop, items, { requireStock: true, gstBp: gstBp() });
    const subtotal = subtotalOf(lines);
    return {
      shop,
      subtotal,
      expirationTime: new Date(ctx.now().getTime() + ctx.config.RESERVATION_MINUTES * 60_000),
      items: lines.map((l) => ({
        productId: l.productId,
        sku: l.sku,
        name: l.name,
        image: l.image,
        quantity: l.quantity,
        pricePaise: l.unitPaise,
        breakup: l.breakup,
        seenPricePaise: seenPaise.get(l.sku) ?? null,
      })),
    };
  }

  async function create(
    vendorSlug: string,
    items: Array<{ productSku: string; quantity: number; price?: number }>,
    cartKey?: string,
  ) {
    assertOrderQuantities(ctx.config, items);
    const seen = new Map<string, number | null>();
    for (const i of items)
      if (!seen.get(i.productSku.trim())) seen.set(i.productSku.trim(), seenPaiseOf(i.price));
    const priced = await priceLines(vendorSlug, items, seen);
    const [row] = await ctx.db
      .insert(checkouts)
      .values({
        vendorId: priced.shop.id,
        vendorSlug: priced.shop.slug,
        items: priced.items,
        subtotalPaise: priced.subtotal,
        totalPaise: orderTotals(priced.subtotal, 0).finalPaise,
        expirationTime: priced.expirationTime,
        cartKey: cartKey ?? null,
      })
      .returning({ id: checkouts.id });
    return { checkoutId: row!.id };
  }

  /**
   * After its window a checkout's prices no longer hold: this prices it again at today's rates with a
   * new window (the coupon is kept when it still applies) and answers the total it had before, so
   * the shopper sees the new total before paying. An open checkout is returned as it is.
   */
  async function reprice(id: string): Promise<RepricedCheckout> {
    const row = await load(id);
    if (row.status === 'PENDING') return { ...dto(row), previousTotal: paiseToRupees(row.totalPaise) };
    if (row.status !== 'EXPIRED') throw conflict('This checkout is already completed');
    // What the shopper saw before: a change they were already told of, else the price held until now.
    const priced = await priceLines(
      row.vendorSlug,
      row.items.map((i) => ({ productSku: i.sku, quantity: i.quantity })),
      new Map(row.items.map((i) => [i.sku, i.seenPricePaise ?? i.pricePaise])),
    );
    const quantity = priced.items.reduce((n, i) => n + i.quantity, 0);
    const code = row.appliedCoupons[0]?.code;
    const coupon = code ? await findCouponByCode(ctx.db, code) : null;
    const discount = coupon
      ? evaluateCoupon(
          coupon,
          { quantity, subtotalPaise: priced.subtotal },
          ctx.now(),
          ctx.config.COUPON_MAX_SHARE_PERCENT,
        )
      : null;
    const capped = coupon && discount !== null ? payableDiscount(discount, priced.subtotal) : 0;
    const [updated] = await ctx.db
      .update(checkouts)
      .set({
        items: priced.items,
        subtotalPaise: priced.subtotal,
        discountPaise: capped,
        totalPaise: orderTotals(priced.subtotal, capped).finalPaise,
        appliedCoupons: coupon && capped > 0 ? [{ code: coupon.code, discountPaise: capped }] : [],
        status: 'PENDING',
        expirationTime: priced.expirationTime,
        updatedAt: ctx.now(),
      })
      .where(and(eq(checkouts.id, id), eq(checkouts.status, 'EXPIRED')))
      .returning();
    if (!updated) throw new AppError('CONFLICT', 'This checkout can no longer be changed');
    return { ...dto(updated), previousTotal: paiseToRupees(row.totalPaise) };
  }

  /** The prices an open checkout holds, by SKU, for placing its order within the window. */
  function lockedPrices(row: CheckoutRow): Map<string, LockedPrice> {
    const held = new Map<string, LockedPrice>();
    for (const i of row.items) {
      const quantity = (held.get(i.sku)?.quantity ?? 0) + i.quantity;
      held.set(i.sku, {
        pricePaise: i.pricePaise,
        breakup: i.breakup ?? inclusivePriceBreakup(i.pricePaise, gstBp()),
        quantity,
        ...(i.commissionPaise === undefined ? {} : { commissionPaise: i.commissionPaise }),
      });
    }
    return held;
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
    return dto(await load(id));
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
      if (current.code.toUpperCase() === code.trim().toUpperCase()) return dto(row);
      throw conflict(PAYMENT_TEXT.oneCouponOnly(current.code));
    }
    const coupon = await findCouponByCode(ctx.db, code);
    const quantity = row.items.reduce((s, i) => s + i.quantity, 0);
    const discount = coupon
      ? evaluateCoupon(
          coupon,
          { quantity, subtotalPaise: row.subtotalPaise },
          ctx.now(),
          ctx.config.COUPON_MAX_SHARE_PERCENT,
        )
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
    return dto(updated);
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
    return dto(updated);
  }

  return { quote, create, reprice, lockedPrices, get, load, applyCoupon, removeCoupon };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;
