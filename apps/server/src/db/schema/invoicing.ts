import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { TAX_DOCUMENT_KINDS, type InvoiceLine, type InvoiceTotals } from '@zevar/domain';
import { createdAt, tstz } from './columns';
import { orders, refunds, type Address } from './commerce';

/**
 * One counter per document kind and financial year. The transaction that issues a document
 * increments its row (the row lock serialises concurrent issuers) and inserts the document, so a
 * rolled-back issue rolls the number back too: the series has no gaps and no repeats.
 */
export const documentSeries = pgTable(
  'document_series',
  {
    kind: text('kind', { enum: TAX_DOCUMENT_KINDS }).notNull(),
    financialYear: text('financial_year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] })],
);

export type PartyAddress = Pick<Address, 'street' | 'city' | 'state' | 'postalCode' | 'country'>;

/** Everything printed on a tax document, frozen when it is issued (re-rendered to PDF on demand). */
export type TaxDocumentContent = {
  seller: { legalName: string; address: string; gstin: string; state: string; stateCode: string };
  buyer: {
    name: string;
    phone: string;
    email: string;
    address: PartyAddress;
    gstin: string | null;
    /** Printed in full on the document; nowhere else. */
    pan: string | null;
  };
  /** The delivery address, when it differs from the buyer's (billing) address. */
  shipTo: (PartyAddress & { name: string }) | null;
  placeOfSupply: { state: string; code: string | null };
  intraState: boolean;
  order: { number: string; date: string; paymentId: string | null };
  lines: InvoiceLine[];
  totals: InvoiceTotals;
  /** A credit note's invoice. */
  against: { number: string; issuedAt: string } | null;
  reason: string | null;
};

/** GST tax invoices and credit notes, written by the invoices module only. */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: TAX_DOCUMENT_KINDS }).notNull(),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The refund a credit note documents (one credit note per refund). */
    refundId: integer('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    /** The invoice a credit note is issued against. */
    invoiceId: integer('invoice_id').references((): AnyPgColumn => taxDocuments.id, {
      onDelete: 'restrict',
    }),
    issuedAt: tstz('issued_at').notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    taxPaise: bigint('tax_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    content: jsonb('content').$type<TaxDocumentContent>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tax_documents_number_uq').on(t.number),
    uniqueIndex('tax_documents_series_uq').on(t.kind, t.financialYear, t.sequence),
    uniqueIndex('tax_documents_order_invoice_uq')
      .on(t.orderId)
      .where(sql`${t.kind} = 'INVOICE'`),
    uniqueIndex('tax_documents_refund_uq').on(t.refundId),
    index('tax_documents_order_idx').on(t.orderId),
    index('tax_documents_issued_idx').on(t.issuedAt),
  ],
);
