import { eq } from 'drizzle-orm';
import { orderTotals, type LineBreakup } from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { checkouts } from '../../db/schema';
import type { Shop } from '../users';
import { gstBasisPoints } from '../metals';
import { priceBySku, quoteById, subtotalOf, type LockedPrice, type PricedLine } from './pricing';

/*
 * The checkout module's side of a reseller's quote (docs/decisions/0059): Buy now makes an ordinary
 * checkout whose held prices are the quote's, so the order is placed through the one price lock
 * (`lockedPrices` -> `priceBySku`), with stock reserved as for any order.
 */

export type QuotedLine = {
  sku: string;
  quantity: number;
  pricePaise: number;
  breakup: LineBreakup;
  commissionPaise: number;
};

/**
 * A checkout at the quoted prices for the reseller's shop, held for RESERVATION_MINUTES like any
 * checkout. The pieces must still be in the shop and in stock (409 otherwise).
 */
export async function createQuotedCheckoutIn(
  ctx: AppContext,
  tx: Tx,
  shop: Shop,
  quote: { id: string; lines: QuotedLine[] },
): Promise<string> {
  const locked = new Map<string, LockedPrice>(
    quote.lines.map((l) => [
      l.sku,
      {
        pricePaise: l.pricePaise,
        breakup: l.breakup,
        quantity: l.quantity,
        commissionPaise: l.commissionPaise,
      },
    ]),
  );
  const lines = await priceBySku(
    tx,
    shop,
    quote.lines.map((l) => ({ productSku: l.sku, quantity: l.quantity })),
    { requireStock: true, gstBp: gstBasisPoints(ctx.config), locked },
  );
  const subtotal = subtotalOf(lines);
  const now = ctx.now();
  const [row] = await tx
    .insert(checkouts)
    .values({
      vendorId: shop.id,
      vendorSlug: shop.slug,
      quoteId: quote.id,
      items: lines.map((l) => ({
        productId: l.productId,
        sku: l.sku,
        name: l.name,
        image: l.image,
        quantity: l.quantity,
        pricePaise: l.unitPaise,
        breakup: l.breakup,
        seenPricePaise: l.unitPaise,
        commissionPaise: l.commissionPaise,
      })),
      subtotalPaise: subtotal,
      totalPaise: orderTotals(subtotal, 0).finalPaise,
      expirationTime: new Date(now.getTime() + ctx.config.RESERVATION_MINUTES * 60_000),
    })
    .returning({ id: checkouts.id });
  return row!.id;
}

/** A checkout's status and window, for the quote that made it (undefined: gone). */
export async function checkoutWindowOf(db: DbOrTx, checkoutId: string) {
  const [row] = await db
    .select({ status: checkouts.status, expirationTime: checkouts.expirationTime })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId));
  return row;
}

/**
 * Today's prices of the pieces a reseller quotes, in its shop, by the same rules as the cart: a piece
 * the shop cannot sell, or of which fewer are in stock, is answered as unavailable (by product id).
 */
export async function priceForQuote(
  ctx: AppContext,
  shop: Shop,
  items: Array<{ productId: number; quantity: number }>,
): Promise<{ lines: PricedLine[]; unavailable: Array<{ productId: number; name: string }> }> {
  const quoted = await quoteById(ctx.db, shop, items, gstBasisPoints(ctx.config));
  const lines: PricedLine[] = [];
  const unavailable: Array<{ productId: number; name: string }> = [];
  const asked = new Map<number, number>();
  for (const i of items) asked.set(i.productId, (asked.get(i.productId) ?? 0) + i.quantity);
  for (const q of quoted) {
    if (q.available && q.line.stock >= (asked.get(q.line.productId) ?? 0)) lines.push(q.line);
    else
      unavailable.push(
        q.available
          ? { productId: q.line.productId, name: q.line.name }
          : { productId: q.productId, name: `Product ${q.productId}` },
      );
  }
  return { lines, unavailable };
}
