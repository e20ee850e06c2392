import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import {
  maskPan,
  placeOfSupply,
  toPaged,
  type AdminOrder,
  type AdminOrderDetail,
  type AdminOrderListQuery,
  type Paged,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { orderStatusHistory, orders } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { itemsByOrder, toAdminOrder, toAdminOrders } from './order-mapper';
import { deliveriesOf } from './order-shipments.read-model';
import {
  findOrderByNumber,
  pageOfOrdersWithVendor,
  type OrderWithVendor,
} from './orders-with-vendor.read-model';
import { likePattern } from '../../lib/sql-search';
import { refundsSummaryOf } from './order-refunds';
import { createInvoicesService, type InvoiceFigures } from '../invoices';

export type OrderExportRow = AdminOrder & { invoice: InvoiceFigures | null };

export type OrderFilters = Omit<AdminOrderListQuery, 'page' | 'size'> & { vendorId?: number };

/** SQL conditions for the admin filters: search on order number or customer name (any case), status, payment. */
export function orderConditions(f: OrderFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.search) {
    const pattern = likePattern(f.search);
    conditions.push(or(ilike(orders.orderNumber, pattern), ilike(orders.customerName, pattern))!);
  }
  if (f.status) conditions.push(eq(orders.status, f.status));
  if (f.paymentStatus) conditions.push(eq(orders.paymentStatus, f.paymentStatus));
  // A reseller's orders: those of its shop and those credited to it (docs/decisions/0059).
  if (f.vendorId !== undefined)
    conditions.push(or(eq(orders.vendorId, f.vendorId), eq(orders.attributedVendorId, f.vendorId))!);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const newestFirst = [desc(orders.createdAt), desc(orders.orderNumber)];

export function createOrdersAdminService(ctx: Pick<AppContext, 'db' | 'config'>) {
  const { db } = ctx;
  const invoices = createInvoicesService(ctx);

  async function page(filters: OrderFilters, size: number, pageNo: number): Promise<OrderWithVendor[]> {
    return pageOfOrdersWithVendor(db, orderConditions(filters), newestFirst, size, pageNo * size);
  }

  /** A page of orders, newest first, filtered and searched in SQL. */
  async function list(query: AdminOrderListQuery & { vendorId?: number }): Promise<Paged<AdminOrder>> {
    const [total] = await db.select({ n: count() }).from(orders).where(orderConditions(query));
    const rows = await page(query, query.size, query.page);
    return toPaged(await toAdminOrders(db, rows), total?.n ?? 0, query);
  }

  /**
   * Every matching order in batches, for the spreadsheet download (never all in memory at once), each
   * with its invoice's figures (null before the order is invoiced).
   */
  async function* stream(filters: OrderFilters, batch = 500): AsyncGenerator<OrderExportRow> {
    for (let pageNo = 0; ; pageNo += 1) {
      const rows = await page(filters, batch, pageNo);
      const figures = await invoices.invoiceFiguresOf(rows.map((r) => r.order.id));
      for (const order of await toAdminOrders(db, rows))
        yield { ...order, invoice: figures.get(order.id) ?? null };
      if (rows.length < batch) return;
    }
  }

  async function detail(orderNumber: string): Promise<AdminOrderDetail> {
    const found = await findOrderByNumber(db, orderNumber);
    if (!found) throw notFound('Order');
    const { order } = found;
    const [items, history, documents, invoicePan, deliveries] = await Promise.all([
      itemsByOrder(db, [found.order.id]),
      db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, found.order.id))
        .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
      invoices.documentsOf(order.id),
      invoices.invoicePan(order.id),
      deliveriesOf(db, [order.id]),
    ]);
    const pan = invoicePan ?? order.buyerPan;
    const refunds = await refundsSummaryOf(db, order, documents);
    return {
      ...toAdminOrder(found, items.get(found.order.id) ?? [], deliveries.get(order.id) ?? []),
      statusHistory: history.map((h) => ({
        field: h.field,
        from: h.fromValue,
        to: h.toValue,
        actor: h.actor,
        at: h.createdAt.toISOString(),
        reference: h.reference,
        reason: h.reason,
      })),
      tax: {
        buyerGstin: order.buyerGstin,
        panMasked: pan ? maskPan(pan) : null,
        documents,
        placeOfSupply: placeOfSupply(order.shippingAddress),
      },
      refunds,
    };
  }

  return { list, stream, detail };
}
