import {
  paiseToRupees,
  refundablePaise,
  type OrderRefundsSummary,
  type OrderTaxDocuments,
} from '@zevar/domain';
import type { DbOrTx } from '../../db/client';
import { orderRefundsOf } from '../payments';
import type { OrderRow } from './order-lock';
import { refundStateIn } from './refund-order-part';

/**
 * The order's refunds for its admin page (docs/decisions/0039): each refund with its status, lines
 * and credit note; what was refunded, what is pending, what may still be refunded, and the units
 * refunded per line.
 */
export async function refundsSummaryOf(
  db: DbOrTx,
  order: OrderRow,
  documents: OrderTaxDocuments,
): Promise<OrderRefundsSummary> {
  const [rows, { state }] = await Promise.all([orderRefundsOf(db, order.id), refundStateIn(db, order)]);
  const sum = (statuses: string[]) =>
    rows.filter((r) => statuses.includes(r.status)).reduce((s, r) => s + r.amountPaise, 0);
  const open = order.paymentStatus === 'CAPTURED' && order.status !== 'CANCELLED';
  return {
    refunded: paiseToRupees(sum(['PROCESSED'])),
    pending: paiseToRupees(sum(['REQUESTED', 'PENDING'])),
    refundable: open ? paiseToRupees(refundablePaise(state)) : 0,
    refunds: rows.map((r) => {
      const note = documents.creditNotes.find((n) => n.refundId === r.id);
      return {
        id: r.id,
        amount: paiseToRupees(r.amountPaise),
        status: r.status,
        partial: r.partial,
        reason: r.reason,
        restock: r.restock,
        requestedBy: r.requestedBy,
        requestedAt: r.createdAt.toISOString(),
        settledAt: r.settledAt?.toISOString() ?? null,
        providerRefundId: r.providerRefundId,
        lines: r.parts.map((p) => ({
          orderItemId: p.orderItemId,
          units: p.units,
          amount: paiseToRupees(p.amountPaise),
        })),
        creditNote: note ? { id: note.id, number: note.number } : null,
      };
    }),
    refundedUnits: state.lines.map((l) => ({ orderItemId: l.orderItemId, units: l.refundedUnits })),
  };
}
