import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LineBreakup } from '@zevar/domain';
import { createdAt, tstz } from './columns';
import { users } from './users';

/** One quoted line: the piece, today's price when quoted, and the price the quote holds. */
export type QuoteLine = {
  productId: number;
  sku: string;
  name: string;
  slug: string;
  image: string | null;
  quantity: number;
  /** Today's price of one piece when the quote was made. */
  listPaise: number;
  /** The quoted price of one piece: the list price less its share of the discount. */
  pricePaise: number;
  /** The reseller's commission on one piece, less the same share (never below zero). */
  commissionPaise: number;
  /** Per-piece breakup of `pricePaise` (the discount lowers the taxable value in proportion). */
  breakup: LineBreakup;
};

/**
 * A reseller's quote (issue 26 item 1, docs/decisions/0059), owned by `modules/quotes`: priced at
 * the rates of its making and held until `validUntil`; opened through `/q/<code>`.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 12 base62 characters, unguessable: the short link's code. */
    code: text('code').notNull(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vendorSlug: text('vendor_slug').notNull(),
    lines: jsonb('lines').$type<QuoteLine[]>().notNull(),
    subtotalPaise: bigint('subtotal_paise', { mode: 'number' }).notNull(),
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
    note: text('note').notNull().default(''),
    validUntil: tstz('valid_until').notNull(),
    /** When a buyer first opened the link (the reseller's 'opened'). */
    openedAt: tstz('opened_at'),
    /** The checkout Buy now made last; one open checkout per quote at a time. */
    checkoutId: uuid('checkout_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('quotes_code_uq').on(t.code), index('quotes_vendor_idx').on(t.vendorId, t.createdAt)],
);
