import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ORDER_ADMIN_TEXT,
  type AdminOrder,
  type OrderStatus,
  type Paged,
  type PaymentStatus,
} from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { isReauthCancelled, useReauth } from '../../../components/reauth/reauth-context';
import { serverMessageOr } from '../../../lib/error-text';
import { ordersApi } from './orders-api';

/** Strips the detail-only history so the row keeps the list shape. */
function toRow(order: AdminOrder & { statusHistory?: unknown }): AdminOrder {
  const { statusHistory: _history, ...row } = order;
  return row;
}

/**
 * Dropdown changes: sends the update at once and puts the order the server returns in place of the
 * row; the server's reason follows the failure text.
 */
export function useOrderUpdates(listKey: QueryKey) {
  const dialog = useDialog();
  const reauth = useReauth();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const mark = (orderNumber: string, on: boolean) =>
    setBusy((prev) => {
      const next = new Set(prev);
      if (on) next.add(orderNumber);
      else next.delete(orderNumber);
      return next;
    });

  const replaceRow = (updated: AdminOrder) => {
    queryClient.setQueryData<Paged<AdminOrder>>(listKey, (page) =>
      page
        ? {
            ...page,
            content: page.content.map((o) => (o.orderNumber === updated.orderNumber ? toRow(updated) : o)),
          }
        : page,
    );
    void queryClient.invalidateQueries({ queryKey: ['admin-order', updated.orderNumber] });
  };

  async function run(order: AdminOrder, send: () => Promise<AdminOrder>, ok: string, failed: string) {
    if (!order.orderNumber) {
      await dialog.error('Error', ORDER_ADMIN_TEXT.numberMissing);
      return;
    }
    mark(order.orderNumber, true);
    try {
      // Refunds (a paid order cancelled or refunded) ask for the password again first.
      replaceRow(await reauth(send));
      void dialog.success('Success', ok);
    } catch (err) {
      if (isReauthCancelled(err)) return;
      const reason = serverMessageOr(err, '');
      void dialog.error('Error', reason ? `${failed}\n${reason}` : failed);
    } finally {
      mark(order.orderNumber, false);
    }
  }

  return {
    busy,
    setStatus: (order: AdminOrder, status: OrderStatus) =>
      run(
        order,
        () => ordersApi.setStatus(order.orderNumber, status),
        ORDER_ADMIN_TEXT.statusUpdated,
        ORDER_ADMIN_TEXT.statusFailed,
      ),
    setPayment: (order: AdminOrder, status: PaymentStatus) =>
      run(
        order,
        () => ordersApi.setPayment(order.orderNumber, status),
        ORDER_ADMIN_TEXT.paymentUpdated,
        ORDER_ADMIN_TEXT.paymentFailed,
      ),
  };
}
