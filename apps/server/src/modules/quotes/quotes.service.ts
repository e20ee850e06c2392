import { randomInt } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  PAYMENT_LINK_TEXT,
  QUOTE_CODE_LENGTH,
  QUOTE_TEXT,
  allocateQuoteDiscount,
  formatInr,
  orderTotals,
  paiseToRupees,
  planDiscountLimitPaise,
  proportionalTaxable,
  quoteStatusOf,
  roundOffOf,
  rupeesToPaise,
  toPriceBreakup,
  type LineBreakup,
  type Quote,
  type createQuoteBody,
} from '@zevar/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { quotes, type QuoteLine } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import { recordChangeIn } from '../audit';
import { checkoutWindowOf, createQuotedCheckoutIn, priceForQuote } from '../checkout';
import { liveOrdersOfQuotes } from '../orders';
import { openPaymentLinkOfQuote } from '../payments';
import { createShopsService, findVendorAccount } from '../users';

type QuoteRow = typeof quotes.$inferSelect;
type CreateInput = z.output<typeof createQuoteBody>;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 12 uniformly random base62 characters from the system's CSPRNG. */
export const newQuoteCode = () =>
  Array.from({ length: QUOTE_CODE_LENGTH }, () => BASE62[randomInt(62)]).join('');

/** The breakup of a piece sold for less: the discount lowers its taxable value in proportion, GST is the rest. */
function discountedBreakup(b: LineBreakup, pricePaise: number): LineBreakup {
  if (pricePaise === b.totalPaise) return b;
  const taxablePaise = proportionalTaxable(b.taxablePaise, pricePaise, b.totalPaise);
  return {
    ...b,
    taxablePaise,
    gst: { ...b.gst, valuePaise: pricePaise - taxablePaise },
    totalPaise: pricePaise,
  };
}

const fieldIssue = (path: string, message: string) =>
  new AppError('VALIDATION', message, [{ path, message }]);

/** Reseller quotes (issue 26 item 1, docs/decisions/0059). */
export function createQuotesService(ctx: AppContext) {
  const shops = createShopsService(ctx);

  async function vendorShop(vendorId: number) {
    const vendor = await findVendorAccount(ctx.db, vendorId);
    const shop = vendor?.slug ? await shops.findShop(vendor.slug) : undefined;
    if (!shop) throw notFound('Vendor');
    return shop;
  }

  /** Prices the pieces at today's rates in the reseller's shop and holds them until the validity ends. */
  async function create(vendorId: number, input: CreateInput): Promise<Quote> {
    const shop = await vendorShop(vendorId);
    const { lines, unavailable } = await priceForQuote(ctx, shop, input.items);
    if (unavailable.length > 0) throw conflict(QUOTE_TEXT.unavailable(unavailable[0]!.name));
    const subtotal = lines.reduce((s, l) => s + l.lineTotalPaise, 0);
    const discount = rupeesToPaise(input.discount);
    const percent = ctx.config.QUOTE_DISCOUNT_PERCENT_BY_PLAN[shop.plan];
    const planLimit = planDiscountLimitPaise(subtotal, percent);
    if (discount > planLimit)
      throw fieldIssue(
        'discount',
        QUOTE_TEXT.discountAbovePlan(percent, formatInr(paiseToRupees(planLimit))),
      );
    const split = allocateQuoteDiscount(
      lines.map((l) => ({ quantity: l.quantity, commissionPaise: l.commissionPaise })),
      discount,
    );
    if (!split) {
      const commission = lines.reduce((s, l) => s + l.commissionPaise * l.quantity, 0);
      throw fieldIssue('discount', QUOTE_TEXT.discountAboveCommission(formatInr(paiseToRupees(commission))));
    }
    const quoted: QuoteLine[] = lines.map((l, i) => {
      const off = split.perUnitPaise[i]!;
      return {
        productId: l.productId,
        sku: l.sku,
        name: l.name,
        slug: l.slug,
        image: l.image,
        quantity: l.quantity,
        listPaise: l.unitPaise,
        pricePaise: l.unitPaise - off,
        commissionPaise: l.commissionPaise - off,
        breakup: discountedBreakup(l.breakup, l.unitPaise - off),
      };
    });
    const now = ctx.now();
    const row = await ctx.db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(quotes)
        .values({
          code: newQuoteCode(),
          vendorId: shop.id,
          vendorSlug: shop.slug,
          lines: quoted,
          subtotalPaise: subtotal,
          discountPaise: split.appliedPaise,
          note: input.note,
          validUntil: new Date(now.getTime() + input.validityHours * 3_600_000),
          createdAt: now,
        })
        .returning();
      await recordChangeIn(tx, { action: 'create', entityType: 'quote', entityId: saved!.id, after: saved! });
      return saved!;
    });
    return toDto(row, shop.name, null);
  }

  function toDto(
    row: QuoteRow,
    shopName: string,
    order: { orderNumber: string; paid: boolean } | null,
  ): Quote {
    const lineTotal = row.lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0);
    const totals = orderTotals(lineTotal, 0);
    return {
      code: row.code,
      vendorSlug: row.vendorSlug,
      shopName,
      status: quoteStatusOf(
        { validUntil: row.validUntil, openedAt: row.openedAt, converted: order?.paid ?? false },
        ctx.now(),
      ),
      createdAt: row.createdAt.toISOString(),
      validUntil: row.validUntil.toISOString(),
      note: row.note,
      lines: row.lines.map((l) => ({
        productId: l.productId,
        name: l.name,
        slug: l.slug,
        sku: l.sku,
        image: l.image,
        quantity: l.quantity,
        listPrice: paiseToRupees(l.listPaise),
        price: paiseToRupees(l.pricePaise),
        lineTotal: paiseToRupees(l.pricePaise * l.quantity),
        priceBreakup: toPriceBreakup(l.breakup),
      })),
      subtotal: paiseToRupees(row.subtotalPaise),
      discount: paiseToRupees(row.discountPaise),
      total: paiseToRupees(totals.finalPaise),
      roundOff: paiseToRupees(
        roundOffOf({ subtotalPaise: lineTotal, discountPaise: 0, finalPaise: totals.finalPaise }),
      ),
      orderNumber: order?.paid ? order.orderNumber : null,
      today: null,
    };
  }

  /** The reseller's quotes, newest first, with their status. */
  async function listOwn(vendorId: number): Promise<Quote[]> {
    const shop = await vendorShop(vendorId);
    const rows = await ctx.db
      .select()
      .from(quotes)
      .where(eq(quotes.vendorId, vendorId))
      .orderBy(desc(quotes.createdAt))
      .limit(100);
    const live = await liveOrdersOfQuotes(
      ctx.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toDto(r, shop.name, live.get(r.id) ?? null));
  }

  async function load(code: string) {
    const [row] = await ctx.db.select().from(quotes).where(eq(quotes.code, code));
    const shop = row ? await shops.findShop(row.vendorSlug) : undefined;
    if (!row || !shop) throw notFound('Quote');
    return { row, shop };
  }

  /** What the link shows; an expired quote also carries today's prices of its pieces. */
  async function view(code: string): Promise<Quote> {
    const { row, shop } = await load(code);
    const live = (await liveOrdersOfQuotes(ctx.db, [row.id])).get(row.id) ?? null;
    const dto = { ...toDto(row, shop.name, live), orderNumber: null };
    if (dto.status !== 'expired') return dto;
    const { lines } = await priceForQuote(
      ctx,
      shop,
      row.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
    );
    const subtotal = lines.reduce((s, l) => s + l.lineTotalPaise, 0);
    return {
      ...dto,
      today: {
        total: paiseToRupees(orderTotals(subtotal, 0).finalPaise),
        lines: lines.map((l) => ({
          productSku: l.sku,
          name: l.name,
          quantity: l.quantity,
          price: paiseToRupees(l.unitPaise),
        })),
      },
    };
  }

  /** A buyer opened the link: the first time is the reseller's 'opened'. */
  async function open(code: string): Promise<{ quote: Quote; vendorSlug: string; quoteId: string }> {
    const { row } = await load(code);
    await ctx.db
      .update(quotes)
      .set({ openedAt: ctx.now() })
      .where(and(eq(quotes.id, row.id), sql`${quotes.openedAt} is null`));
    return { quote: await view(code), vendorSlug: row.vendorSlug, quoteId: row.id };
  }

  /**
   * Buy now: a checkout at the quoted prices while the quote holds. Pressing it again while that
   * checkout is open answers the same checkout; a bought quote is refused; an expired one too (409,
   * the page offers today's price); so is a quote whose payment link is open (one quote, one purchase,
   * docs/decisions/0068). The quote's row lock serialises presses.
   */
  async function checkout(code: string): Promise<{ checkoutId: string; vendorSlug: string }> {
    const { row, shop } = await load(code);
    return ctx.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(quotes).where(eq(quotes.id, row.id)).for('update');
      if (!locked) throw notFound('Quote');
      const live = (await liveOrdersOfQuotes(tx, [locked.id])).get(locked.id);
      if (live?.paid) throw conflict(QUOTE_TEXT.converted);
      if (locked.validUntil.getTime() <= ctx.now().getTime()) throw conflict(QUOTE_TEXT.expired);
      if (await openPaymentLinkOfQuote(tx, locked.id, ctx.now()))
        throw conflict(PAYMENT_LINK_TEXT.beingPaidByLink);
      if (locked.checkoutId) {
        const current = await checkoutWindowOf(tx, locked.checkoutId);
        if (current?.status === 'PENDING' && current.expirationTime > ctx.now())
          return { checkoutId: locked.checkoutId, vendorSlug: shop.slug };
        if (current?.status === 'COMPLETED') throw conflict(QUOTE_TEXT.converted);
      }
      const checkoutId = await createQuotedCheckoutIn(ctx, tx, shop, {
        id: locked.id,
        lines: locked.lines.map((l) => ({
          sku: l.sku,
          quantity: l.quantity,
          pricePaise: l.pricePaise,
          breakup: l.breakup,
          commissionPaise: l.commissionPaise,
        })),
      });
      await tx.update(quotes).set({ checkoutId }).where(eq(quotes.id, locked.id));
      return { checkoutId, vendorSlug: shop.slug };
    });
  }

  return { create, listOwn, view, open, checkout };
}
