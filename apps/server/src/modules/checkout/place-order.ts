import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  GST_TEXT,
  HOLD_TEXT,
  ONE_PAYMENT_TEXT,
  PAYMENT_TEXT,
  WAITING_ORDERS_TEXT,
  orderTotals,
  panRequired,
  payableDiscount,
  PAYMENT_LINK_TEXT,
  QUOTE_TEXT,
  attributionOf,
  type Attribution,
  holdWaitMinutes,
  paiseToRupees,
  rupeesToPaise,
  type initiateOrderBody,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { createShopsService, type Shop } from '../users';
import { evaluateCoupon, findCouponByCode } from '../coupons';
import { gstBasisPoints } from '../metals';
import { openPaymentLinkOfQuote, recordProviderOrder, releaseOrder, releaseOrderIn } from '../payments';
import {
  attachProviderOrder,
  hashOrderKey,
  holdsOfNetwork,
  liveOrdersOfQuotes,
  newOrderNumber,
  openAttemptsOfCheckouts,
  pendingAttemptsOf,
  recordLineHuidsIn,
  recordNewOrderIn,
} from '../orders';
import { lockCheckoutIn, siblingCheckoutsIn } from './checkout-state';
import { reserveLines, takePieces } from '../stock';
import { createDeliveryEstimates } from '../delivery';
import { priceBySku, subtotalOf, type LockedPrice, type PricedLine } from './pricing';
import { assertOrderQuantities } from './order-quantity-caps';
import type { CheckoutService } from './checkout.service';
import { createReferralCookies } from '../../lib/referral-cookie';

type Input = z.infer<typeof initiateOrderBody>;

async function discountFor(tx: Tx, codes: string[], lines: PricedLine[], now: Date, maxSharePercent: number) {
  const unique = [...new Set(codes.map((c) => c.trim().toUpperCase()))];
  if (unique.length === 0) return { discountPaise: 0, applied: [] };
  if (unique.length > 1) throw badRequest(PAYMENT_TEXT.oneCouponOnly(unique[0]!));
  const coupon = await findCouponByCode(tx, unique[0]!);
  const basket = { quantity: lines.reduce((s, l) => s + l.quantity, 0), subtotalPaise: subtotalOf(lines) };
  const discount = coupon ? evaluateCoupon(coupon, basket, now, maxSharePercent) : null;
  if (!coupon || discount === null) throw conflict(PAYMENT_TEXT.couponNotApplicable);
  const capped = payableDiscount(discount, basket.subtotalPaise);
  return { discountPaise: capped, applied: [{ code: coupon.code, discountPaise: capped }] };
}

/** Client figures are only compared: a mismatch is a 409 carrying the server's figures. */
function checkClientFigures(input: Input, totals: ReturnType<typeof orderTotals>) {
  const server = {
    totalAmount: paiseToRupees(totals.subtotalPaise),
    couponDiscount: paiseToRupees(totals.discountPaise),
    finalAmount: paiseToRupees(totals.finalPaise),
  };
  const differs = (client: number | undefined, paise: number) =>
    client !== undefined && rupeesToPaise(client) !== paise;
  if (
    differs(input.totalAmount, totals.subtotalPaise) ||
    differs(input.couponDiscount, totals.discountPaise) ||
    differs(input.finalAmount, totals.finalPaise)
  ) {
    throw conflict(PAYMENT_TEXT.amountsChanged, server);
  }
}

/**
 * The shopper's own retry (payment window abandoned, page reloaded, paid again): the earlier attempts
 * of this checkout still waiting for payment are cancelled through the release gate and their stock
 * returned, in the transaction that reserves anew. The checkout row lock serialises attempts.
 */
async function releaseEarlierAttempts(tx: Tx, checkoutId: string, now: Date) {
  const checkout = await lockCheckoutIn(tx, checkoutId);
  if (checkout?.status === 'COMPLETED') throw conflict(ONE_PAYMENT_TEXT.cartAlreadyPaid);
  if (checkout?.cartKey) await checkCartNotPaying(tx, checkout.cartKey, checkoutId, now);
  const pending = await pendingAttemptsOf(tx, checkoutId);
  for (const earlierId of pending) {
    await releaseOrderIn(tx, now, { orderId: earlierId }, 'CANCELLED', 'customer:retry');
  }
}

/**
 * One cart, one payment: while another checkout made from the same browser cart (another tab) waits
 * for its payment, or once one was paid, this one is refused before a card window opens. The cart's
 * lock serialises the checkouts of one cart.
 */
async function checkCartNotPaying(tx: Tx, cartKey: string, checkoutId: string, now: Date) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart:${cartKey}`}))`);
  const siblings = await siblingCheckoutsIn(tx, cartKey, checkoutId);
  if (siblings.some((c) => c.status === 'COMPLETED')) throw conflict(ONE_PAYMENT_TEXT.cartAlreadyPaid);
  const paying = await openAttemptsOfCheckouts(
    tx,
    siblings.map((c) => c.id),
    now,
  );
  if (paying > 0) throw conflict(ONE_PAYMENT_TEXT.cartBeingPaid);
}

/**
 * Above the threshold the buyer's PAN is required (it is printed on the invoice); below it a PAN is
 * not kept even when sent, so the order holds no more than the invoice needs.
 */
function checkPan(ctx: AppContext, input: Input, finalPaise: number) {
  const threshold = ctx.config.PAN_THRESHOLD_RUPEES;
  if (!panRequired(finalPaise, threshold)) {
    input.buyerPan = undefined;
    return;
  }
  if (!input.buyerPan) {
    throw new AppError('VALIDATION', GST_TEXT.panRequired(threshold), [
      { path: 'buyerPan', message: GST_TEXT.panRequired(threshold) },
    ]);
  }
}

/** The order key's hash as stored (the orders module owns the rule; the key also opens the order's documents). */
export const hashCancelKey = hashOrderKey;

/**
 * A quote is bought once: while an order bought from it is paid, or waits for a payment from another
 * of its checkouts, no other order is placed from it. The quote's lock serialises its attempts.
 */
async function checkQuoteNotBought(tx: Tx, quoteId: string, now: Date) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quote:${quoteId}`}))`);
  const live = (await liveOrdersOfQuotes(tx, [quoteId])).get(quoteId);
  if (live?.paid) throw conflict(QUOTE_TEXT.converted);
  if (live) throw conflict(ONE_PAYMENT_TEXT.cartBeingPaid);
  // One quote, one purchase (docs/decisions/0068): while its payment link is open, it is paid there.
  if (await openPaymentLinkOfQuote(tx, quoteId, now)) throw conflict(PAYMENT_LINK_TEXT.beingPaidByLink);
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * A client network that left several orders to expire unpaid in the last day (`abandoned`, read with
 * its open holds) waits before it holds
 * stock again, longer with each (`holdWaitMinutes`): hoarding by letting holds run out gets slower
 * with every round, while a shopper who pays or cancels is never slowed.
 */
function checkAbandoned(
  ctx: AppContext,
  { count, lastEnded }: { count: number; lastEnded: Date | null },
  now: Date,
) {
  const { ABANDONED_ORDERS_BEFORE_WAIT: free } = ctx.config;
  const wait = holdWaitMinutes(count, free, holdMinutes(ctx));
  if (wait === 0 || !lastEnded) return;
  const waitMs = lastEnded.getTime() + wait * 60_000 - now.getTime();
  if (waitMs <= 0) return;
  throw new AppError(
    'RATE_LIMITED',
    HOLD_TEXT.tooManyAbandoned(Math.ceil(waitMs / 60_000)),
    undefined,
    undefined,
    { 'retry-after': String(Math.ceil(waitMs / 1000)) },
  );
}

/** Minutes a new order holds its stock before its card window opens. */
const holdMinutes = (ctx: AppContext) =>
  Math.min(ctx.config.RESERVATION_HOLD_MINUTES, ctx.config.RESERVATION_MINUTES);

/**
 * Unpaid orders holding stock from one client network (an IPv4 address or an IPv6 /64) are capped;
 * the network's lock serialises its attempts so parallel calls cannot pass the cap together. The checkout's own earlier attempt was
 * released just before, so a shopper's retry never counts against them. Many shoppers share one
 * mobile carrier address: past the cap, a browser holding none of the waiting orders (it sends the
 * cancel keys of its own) may go on up to the shared-address ceiling, so hoarding stays bounded.
 */
async function checkOpenOrders(
  ctx: AppContext,
  tx: Tx,
  network: string,
  waitingOrderKeys: string[],
  now: Date,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`open-orders:${network}`}))`);
  const { open, abandoned } = await holdsOfNetwork(tx, network, new Date(now.getTime() - DAY_MS), now);
  checkAbandoned(ctx, abandoned, now);
  const { MAX_OPEN_ORDERS_PER_ADDRESS: max, MAX_OPEN_ORDERS_PER_SHARED_ADDRESS: shared } = ctx.config;
  if (open.length < max) return;
  const mine = new Set(waitingOrderKeys.map(hashCancelKey));
  const holdsOne = open.some((o) => o.cancelKeyHash !== null && mine.has(o.cancelKeyHash));
  const ceiling = holdsOne ? max : Math.max(max, shared);
  if (open.length < ceiling) return;
  const waitMs = Math.max(
    1000,
    (open[open.length - ceiling]?.expires?.getTime() ?? now.getTime()) - now.getTime(),
  );
  const minutes = Math.ceil(waitMs / 60_000);
  throw new AppError('RATE_LIMITED', WAITING_ORDERS_TEXT.tooManyWaiting(minutes), undefined, undefined, {
    'retry-after': String(Math.ceil(waitMs / 1000)),
  });
}

async function insertOrder(
  ctx: AppContext,
  tx: Tx,
  shop: Shop,
  input: Input,
  lines: PricedLine[],
  client: { address: string; cancelKeyHash: string },
  attribution: Attribution | null,
) {
  const now = ctx.now();
  const coupon = await discountFor(
    tx,
    input.appliedCoupons.map((c) => (typeof c === 'string' ? c : c.code)),
    lines,
    now,
    ctx.config.COUPON_MAX_SHARE_PERCENT,
  );
  const totals = orderTotals(subtotalOf(lines), coupon.discountPaise);
  checkClientFigures(input, totals);
  checkPan(ctx, input, totals.finalPaise);
  const reservation = await reserveLines(tx, lines, { sharePercent: ctx.config.UNPAID_HOLD_SHARE_PERCENT });
  const held = reservation.held;
  // Held: briefly, until the card window opens (`openPaymentWindow` extends it then). Not held (the
  // product's share of unpaid holds is taken): the pieces are taken when the payment arrives, which is
  // accepted for the whole payment window.
  const minutes = held ? holdMinutes(ctx) : ctx.config.RESERVATION_MINUTES;
  const { order, items } = await recordNewOrderIn(
    tx,
    {
      orderNumber: newOrderNumber(now),
      vendorId: shop.id,
      vendorSlug: shop.slug,
      checkoutId: input.checkoutId,
      customerName: input.customerName,
      customerEmail: input.customerEmail.toLowerCase(),
      customerPhone: input.customerPhone,
      shippingAddress: input.shippingAddress,
      billingAddress: input.billingAddress ?? null,
      buyerGstin: input.buyerGstin ?? null,
      buyerPan: input.buyerPan ?? null,
      totalAmountPaise: totals.subtotalPaise,
      couponDiscountPaise: totals.discountPaise,
      shippingCostPaise: totals.shippingPaise,
      finalAmountPaise: totals.finalPaise,
      appliedCoupons: coupon.applied,
      paymentMethod: input.paymentMethod,
      customerNotes: input.customerNotes || null,
      reservationExpiresAt: new Date(now.getTime() + minutes * 60_000),
      holdsStock: held,
      clientAddress: client.address,
      cancelKeyHash: client.cancelKeyHash,
      attributedVendorId: attribution?.vendorId ?? null,
      attributedVendorSlug: attribution?.vendorSlug ?? null,
      attributionSource: attribution?.source ?? null,
      quoteId: attribution?.quoteId ?? null,
      createdAt: now,
    },
    lines.map((l) => ({
      productId: l.productId,
      productSku: l.sku,
      productName: l.name,
      productImage: l.image,
      quantity: l.quantity,
      priceAtTimePaise: l.unitPaise,
      totalPricePaise: l.lineTotalPaise,
      vendorCommissionPaise: l.commissionPaise,
      priceBreakup: l.breakup,
    })),
  );
  if (!reservation.held) return order;
  // Hallmarked pieces: as many HUIDs as units, taken from the shelf and recorded on the line.
  const huids = await takePieces(
    tx,
    items.flatMap((i) =>
      i.productId === null
        ? []
        : [
            {
              orderItemId: i.id,
              productId: i.productId,
              quantity: i.quantity,
              name: nameOf(lines, i.productId),
            },
          ],
    ),
    reservation.hallmarked,
  );
  await recordLineHuidsIn(tx, huids);
  return order;
}

const nameOf = (lines: PricedLine[], productId: number) =>
  lines.find((l) => l.productId === productId)?.name ?? '';

export function createPlaceOrder(ctx: AppContext, checkoutService: CheckoutService) {
  const shops = createShopsService(ctx);
  const delivery = createDeliveryEstimates(ctx);

  const referrals = createReferralCookies(ctx.config.JWT_SECRET, ctx.config.ATTRIBUTION_WINDOW_DAYS);

  /** The prices the open checkout holds for its window and the quote it buys (none without a checkout). */
  async function checkCheckout(
    checkoutId: string | undefined,
    shop: Shop,
  ): Promise<{ locked?: Map<string, LockedPrice>; quoteId: string | null }> {
    if (!checkoutId) return { quoteId: null };
    const checkout = await checkoutService.load(checkoutId);
    if (checkout.status === 'EXPIRED') throw conflict(PAYMENT_TEXT.checkoutExpired);
    if (checkout.status !== 'PENDING') throw conflict('This checkout is already completed');
    if (checkout.vendorSlug !== shop.slug) throw badRequest('This checkout belongs to another shop');
    return { locked: checkoutService.lockedPrices(checkout), quoteId: checkout.quoteId };
  }

  /**
   * The reseller the order is credited to (docs/decisions/0059): the quote's (a quoted checkout is
   * made in its reseller's shop), the shop's own, or on the platform's shop the reseller whose link
   * the buyer arrived through within ATTRIBUTION_WINDOW_DAYS (the first-party referral cookie).
   */
  async function attributionFor(shop: Shop, quoteId: string | null, cookieHeader: string | undefined) {
    const referral = referrals.read(cookieHeader, ctx.now());
    const referrer = referral ? await shops.findShop(referral.vendorSlug) : undefined;
    return attributionOf({
      shop: { id: shop.id, slug: shop.slug, isPlatformShop: shop.slug === ctx.config.DEFAULT_VENDOR_SLUG },
      quote: quoteId ? { id: quoteId, vendorId: shop.id, vendorSlug: shop.slug } : null,
      referral:
        referral && referrer
          ? { vendorId: referrer.id, vendorSlug: referrer.slug, source: referral.source }
          : null,
    });
  }

  /**
   * Releases the checkout's earlier unpaid attempt, prices, reserves and records the order in one
   * transaction, then (after commit) creates the provider order for the server's amount. A provider
   * failure releases the reservation.
   */
  return async function placeOrder(input: Input, clientNetwork: string, cookieHeader?: string) {
    assertOrderQuantities(ctx.config, input.orderItems);
    const shop = await shops.requireShop(input.vendorSlug);
    // Said before payment, not after: the courier must serve the delivery PIN code (issue 22 item 6).
    await delivery.checkServiceable(input.shippingAddress.postalCode, shop.slug);
    const { locked, quoteId } = await checkCheckout(input.checkoutId, shop);
    const attribution = await attributionFor(shop, quoteId, cookieHeader);
    const cancelKey = randomBytes(24).toString('base64url');
    const order = await ctx.db.transaction(async (tx) => {
      if (input.checkoutId) await releaseEarlierAttempts(tx, input.checkoutId, ctx.now());
      if (quoteId) await checkQuoteNotBought(tx, quoteId, ctx.now());
      await checkOpenOrders(ctx, tx, clientNetwork, input.waitingOrderKeys, ctx.now());
      const lines = await priceBySku(tx, shop, input.orderItems, {
        requireStock: false,
        gstBp: gstBasisPoints(ctx.config),
        locked,
      });
      return insertOrder(
        ctx,
        tx,
        shop,
        input,
        lines,
        { address: clientNetwork, cancelKeyHash: hashCancelKey(cancelKey) },
        attribution,
      );
    });
    let provider;
    try {
      provider = await ctx.payments.createOrder({
        amountPaise: order.finalAmountPaise,
        receipt: order.orderNumber,
        notes: { orderId: order.id, orderNumber: order.orderNumber, vendorSlug: shop.slug },
      });
      if (provider.amountPaise !== order.finalAmountPaise) throw new Error('provider amount differs');
    } catch (err) {
      await releaseOrder(ctx, { orderId: order.id }, 'FAILED', 'system:gateway-error');
      ctx.log.error({ err, orderId: order.id }, 'creating the provider order failed');
      throw new AppError('PAYMENT_ERROR', 'Failed to create payment order');
    }
    await attachProviderOrder(ctx.db, order.id, provider.id);
    await recordProviderOrder(ctx.db, {
      orderId: order.id,
      provider: ctx.payments.mode,
      providerOrderId: provider.id,
      amountPaise: order.finalAmountPaise,
    });
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      amount: paiseToRupees(order.finalAmountPaise),
      razorpayOrderId: provider.id,
      cancelKey,
      held: order.holdsStock,
    };
  };
}
