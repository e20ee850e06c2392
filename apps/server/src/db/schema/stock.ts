import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { products } from './catalogue';
import { orderItems } from './commerce';

/**
 * The pieces of a hallmarked product, one row per piece with its HUID (owned by `modules/stock`).
 * A piece is on the shelf while `order_item_id` is null; an order line that reserves it sets it, a
 * released reservation clears it again. For a hallmarked product the pieces on the shelf are exactly
 * `products.stock` (see docs/decisions/0016-pricing-huid-pieces.md).
 */
export const productPieces = pgTable(
  'product_pieces',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** 6 characters, upper-case letters and digits. */
    huid: text('huid').notNull(),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // Unique among pieces in stock; a sold piece's HUID stays on its order line.
    uniqueIndex('product_pieces_huid_in_stock_uq')
      .on(t.huid)
      .where(sql`${t.orderItemId} is null`),
    index('product_pieces_product_idx').on(t.productId, t.id),
    index('product_pieces_order_item_idx').on(t.orderItemId),
  ],
);

/**
 * Every explicit stock change an admin makes (owned by `modules/stock`): how many units came in
 * (positive) or went out (negative), why, the HUIDs of the pieces that came or went, and who. Stock
 * otherwise changes only through sales; the product form never writes it.
 */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason').notNull(),
    huids: jsonb('huids').$type<string[]>().notNull().default([]),
    adjustedBy: text('adjusted_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_adjustments_product_idx').on(t.productId, t.id),
    check('stock_adjustments_change_nonzero', sql`${t.change} <> 0`),
  ],
);
