import {
  adminOrderDetailSchema,
  adminOrderSchema,
  internalNoteSchema,
  pagedSchema,
  type PartRefundInput,
  type OrderStatus,
  type PaymentStatus,
} from '@zevar/domain';
import { api, buildUrl } from '../../../lib/api';
import { downloadFile } from '../../../lib/download-file';

export const ORDERS_PAGE_SIZE = 10;

export type OrderFilters = { search: string; status: OrderStatus | ''; paymentStatus: PaymentStatus | '' };

const filterQuery = (f: OrderFilters) => ({
  search: f.search.trim() || undefined,
  status: f.status || undefined,
  paymentStatus: f.paymentStatus || undefined,
});

const enc = encodeURIComponent;

export const ordersApi = {
  list: (page: number, filters: OrderFilters) =>
    api.get('/orders/paginated', {
      query: { page, size: ORDERS_PAGE_SIZE, ...filterQuery(filters) },
      schema: pagedSchema(adminOrderSchema),
    }),
  detail: (orderNumber: string) =>
    api.get(`/orders/admin/${enc(orderNumber)}`, { schema: adminOrderDetailSchema }),
  notes: (orderNumber: string) =>
    api.get(`/orders/${enc(orderNumber)}/notes`, { schema: internalNoteSchema.array() }),
  addNote: (orderNumber: string, body: string) =>
    api.post(`/orders/${enc(orderNumber)}/notes`, { body }, { schema: internalNoteSchema }),
  /** `reason` is required by the server when this cancels a paid order (refund + credit note). */
  setStatus: (orderNumber: string, status: OrderStatus, reason?: string) =>
    api.patch(`/orders/${enc(orderNumber)}/status`, undefined, {
      query: { status, reason },
      schema: adminOrderDetailSchema,
    }),
  /** `reason` is required by the server for REFUNDED (refund + credit note). */
  setPayment: (orderNumber: string, status: PaymentStatus, reason?: string) =>
    api.patch(`/orders/${enc(orderNumber)}/payment`, undefined, {
      query: { status, reason },
      schema: adminOrderDetailSchema,
    }),
  /** Names the state of an order whose address names no place of supply (issues its invoice if paid). */
  setShippingState: (orderNumber: string, state: string) =>
    api.patch(`/orders/${enc(orderNumber)}/shipping-state`, { state }, { schema: adminOrderDetailSchema }),
  /** A partial refund (lines or an amount); the same `idempotencyKey` again answers the same refund. */
  refundPart: (orderNumber: string, body: Omit<PartRefundInput, 'restock'> & { restock: boolean }) =>
    api.post(`/orders/${enc(orderNumber)}/refunds`, body, { schema: adminOrderDetailSchema }),
  /** Asks the gateway again for a failed partial refund. */
  askRefundAgain: (orderNumber: string, refundId: number, reason: string) =>
    api.post(
      `/orders/${enc(orderNumber)}/refunds/${refundId}/retry`,
      { reason },
      { schema: adminOrderDetailSchema },
    ),
  download: (filters: OrderFilters) =>
    downloadFile(buildUrl('/orders/download', filterQuery(filters)), 'orders.xlsx'),
};

/** 'PAYMENT_PENDING' -> 'Payment Pending'. */
export function statusLabel(value: string): string {
  return value
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
