import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { orders, taxDocuments } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): the tax documents issued in a period (the invoices module's
 * table), each with its order's number and, for a credit note, the date and value of its invoice
 * (which decide the note's GSTR-1 table). Reads only; the reports module writes nothing.
 */

const invoice = alias(taxDocuments, 'invoice');

/** Documents issued in [from, to), in issue order. */
export async function taxDocumentsIssuedBetween(db: DbOrTx, from: Date, to: Date) {
  return db
    .select({
      id: taxDocuments.id,
      kind: taxDocuments.kind,
      number: taxDocuments.number,
      issuedAt: taxDocuments.issuedAt,
      taxablePaise: taxDocuments.taxablePaise,
      taxPaise: taxDocuments.taxPaise,
      totalPaise: taxDocuments.totalPaise,
      content: taxDocuments.content,
      orderNumber: orders.orderNumber,
      invoiceIssuedAt: invoice.issuedAt,
      invoiceTotalPaise: invoice.totalPaise,
    })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .leftJoin(invoice, eq(invoice.id, taxDocuments.invoiceId))
    .where(and(gte(taxDocuments.issuedAt, from), lt(taxDocuments.issuedAt, to)))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.id));
}

export type PeriodDocument = Awaited<ReturnType<typeof taxDocumentsIssuedBetween>>[number];
