import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { paiseToRupees } from '@zevar/domain';
import type {
  OrderTaxDocuments,
  SellerTaxDetails,
  TaxDocumentSummary,
  taxDocumentListQuery,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { taxDocuments, type OutboxAttachment } from '../../db/schema';
import { documentsWithOrderNumber } from './documents-with-order.read-model';
import { notFound } from '../../lib/errors';
import { invoicePdfThread } from './invoice-pdf-thread';
import { documentFileName } from './document-file-name';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type Row = typeof taxDocuments.$inferSelect;
type ListQuery = z.infer<typeof taxDocumentListQuery>;

/** An invoice's number, taxable value and GST split (rupees), as printed. */
export type InvoiceFigures = {
  number: string;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
};

/**
 * Reads of issued tax documents: the PDFs (rendered from the frozen content, so a re-download is
 * the same document; on the PDF thread, decision 0101), an order's documents, the series list and the configured seller details.
 */
export function createInvoicesService(ctx: Pick<AppContext, 'db' | 'config'>) {
  const { db, config } = ctx;

  async function pdfOf(row: Row) {
    const pdf = await invoicePdfThread.render({
      kind: row.kind,
      number: row.number,
      issuedAt: row.issuedAt,
      content: row.content,
      timeZone: config.BUSINESS_TIMEZONE,
    });
    return { filename: documentFileName(row), content: pdf, contentType: 'application/pdf' };
  }

  /** The order's invoice (404 until the order is paid and invoiced). */
  async function invoicePdf(orderId: string) {
    if (!UUID.test(orderId)) throw notFound('Invoice');
    const [row] = await db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'INVOICE')));
    if (!row) throw notFound('Invoice');
    return pdfOf(row);
  }

  async function creditNotePdf(orderId: string, id: number) {
    if (!UUID.test(orderId)) throw notFound('Credit note');
    const [row] = await db
      .select()
      .from(taxDocuments)
      .where(
        and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.id, id), eq(taxDocuments.kind, 'CREDIT_NOTE')),
      );
    if (!row) throw notFound('Credit note');
    return pdfOf(row);
  }

  async function documentsOf(orderId: string): Promise<OrderTaxDocuments> {
    if (!UUID.test(orderId)) throw notFound('Order');
    const rows = await db
      .select({
        id: taxDocuments.id,
        kind: taxDocuments.kind,
        number: taxDocuments.number,
        issuedAt: taxDocuments.issuedAt,
        totalPaise: taxDocuments.totalPaise,
        refundId: taxDocuments.refundId,
      })
      .from(taxDocuments)
      .where(eq(taxDocuments.orderId, orderId))
      .orderBy(asc(taxDocuments.id));
    const invoice = rows.find((r) => r.kind === 'INVOICE');
    return {
      invoice: invoice
        ? {
            number: invoice.number,
            issuedAt: invoice.issuedAt.toISOString(),
            total: paiseToRupees(invoice.totalPaise),
          }
        : null,
      creditNotes: rows
        .filter((r) => r.kind === 'CREDIT_NOTE')
        .map((r) => ({
          id: r.id,
          number: r.number,
          issuedAt: r.issuedAt.toISOString(),
          total: paiseToRupees(r.totalPaise),
          refundId: r.refundId,
        })),
    };
  }

  /**
   * The invoice figures of many orders (for the orders export), by order id: number, taxable value and
   * GST split as printed on the invoice, rupees. Orders without an invoice are absent.
   */
  async function invoiceFiguresOf(orderIds: string[]): Promise<Map<string, InvoiceFigures>> {
    const result = new Map<string, InvoiceFigures>();
    if (orderIds.length === 0) return result;
    const rows = await db
      .select({
        orderId: taxDocuments.orderId,
        number: taxDocuments.number,
        taxablePaise: taxDocuments.taxablePaise,
        content: taxDocuments.content,
      })
      .from(taxDocuments)
      .where(and(inArray(taxDocuments.orderId, orderIds), eq(taxDocuments.kind, 'INVOICE')));
    for (const r of rows) {
      const t = r.content.totals;
      result.set(r.orderId, {
        number: r.number,
        taxableValue: paiseToRupees(r.taxablePaise),
        cgst: paiseToRupees(t.cgstPaise),
        sgst: paiseToRupees(t.sgstPaise),
        igst: paiseToRupees(t.igstPaise),
      });
    }
    return result;
  }

  /** The PAN printed on an order's invoice, for the masked display (null when none was needed). */
  async function invoicePan(orderId: string): Promise<string | null> {
    const [row] = await db
      .select({ content: taxDocuments.content })
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'INVOICE')));
    return row?.content.buyer.pan ?? null;
  }

  async function list(q: ListQuery) {
    const conditions: SQL[] = [];
    if (q.kind) conditions.push(eq(taxDocuments.kind, q.kind));
    if (q.financialYear) conditions.push(eq(taxDocuments.financialYear, q.financialYear));
    const where = conditions.length ? and(...conditions) : undefined;
    const [total] = await db.select({ n: count() }).from(taxDocuments).where(where);
    const rows = await documentsWithOrderNumber(db, where, q.limit, (q.page - 1) * q.limit);
    const years = await db
      .selectDistinct({ fy: taxDocuments.financialYear })
      .from(taxDocuments)
      .orderBy(desc(taxDocuments.financialYear));
    const data: TaxDocumentSummary[] = rows.map(({ doc, orderNumber }) => ({
      id: doc.id,
      kind: doc.kind,
      number: doc.number,
      financialYear: doc.financialYear,
      issuedAt: doc.issuedAt.toISOString(),
      orderId: doc.orderId,
      orderNumber,
      buyerName: doc.content.buyer.name,
      againstNumber: doc.content.against?.number ?? null,
      taxableValue: doc.taxablePaise / 100,
      tax: doc.taxPaise / 100,
      total: doc.totalPaise / 100,
    }));
    return {
      data,
      total: total?.n ?? 0,
      page: q.page,
      limit: q.limit,
      financialYears: years.map((y) => y.fy),
    };
  }

  function sellerDetails(): SellerTaxDetails {
    return {
      ...config.seller,
      invoicePrefix: config.INVOICE_PREFIX,
      creditNotePrefix: config.CREDIT_NOTE_PREFIX,
      panThresholdRupees: config.PAN_THRESHOLD_RUPEES,
    };
  }

  /** Renders an outbox attachment when the mail is sent. */
  async function attachment(a: OutboxAttachment) {
    if (a.kind === 'order-invoice') {
      const [row] = await db
        .select()
        .from(taxDocuments)
        .where(and(eq(taxDocuments.orderId, a.orderId), eq(taxDocuments.kind, 'INVOICE')));
      if (!row) throw new Error(`the invoice of order ${a.orderId} not found`);
      return pdfOf(row);
    }
    const [row] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, a.documentId));
    if (!row) throw new Error(`tax document ${a.documentId} not found`);
    const file = await pdfOf(row);
    return { ...file, filename: a.filename };
  }

  return {
    invoicePdf,
    creditNotePdf,
    documentsOf,
    invoiceFiguresOf,
    invoicePan,
    list,
    sellerDetails,
    attachment,
  };
}
