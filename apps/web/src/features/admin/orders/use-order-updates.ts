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
import { formatInr } from '../../../lib/format';
import { ordersApi } from './orders-api';

/** A paid order's cancel or refund waiting for the admin's confirmation and reason. */
export type MoneyQuestion = {
  title: string;
  consequence: string;
  confirmLabel: string;
  answer: (reason: string | null) => void;
};

/** Money was taken for the order: cancelling it or marking it refunded sends money back. */
const isPaid = (o: AdminOrder) => ['CAPTURED', 'REFUND_FAILED', 'NEEDS_REVIEW'].includes(o.paymentStatus);

/** Strips the detail-only history so the row keeps the list shape. */
function toRow(order: AdminOrder & { statusHistory?: unknown }): AdminOrder {
  const { statusHistory: _history, ...row } = order;
  return row;
}

/**
 * Dropdown changes: sends the update at once and puts the order the server returns in place of its
 * row in every cached list page under `listsKey` (the search may have changed the shown page while
 * the reason dialog was open), and asks again for a list page still on its way, so a page read before
 * the change cannot bring the old row back; the server's reason follows the failure text.
 */
export function useOrderUpdates(listsKey: QueryKey) {
  const dialog = useDialog();
  const reauth = useReauth();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [question, setQuestion] = useState<MoneyQuestion | null>(null);

  /** Asks first, with the amount and the consequence; resolves the reason, or null when not confirmed. */
  const ask = (q: Omit<MoneyQuestion, 'answer'>) =>
    new Promise<string | null>((resolve) =>
      setQuestion({
        ...q,
        answer: (reason) => {
          setQuestion(null);
          resolve(reason);
        },
      }),
    );

  const mark = (orderNumber: string, on: boolean) =>
    setBusy((prev) => {
      const next = new Set(prev);
      if (on) next.add(orderNumber);
      else next.delete(orderNumber);
      return next;
    });

  const replaceRow = (updated: AdminOrder) => {
    queryClient.setQueriesData<Paged<AdminOrder>>({ queryKey: listsKey }, (page) =>
      page
        ? {
            ...page,
            content: page.content.map((o) => (o.orderNumber === updated.orderNumber ? toRow(updated) : o)),
          }
        : page,
    );
    void queryClient.invalidateQueries({ queryKey: ['admin-order', updated.orderNumber] });
    // A list page still on its way (a search typed just before the change) may have been read before
    // the change and would put the old row back when it lands: it is cancelled and asked again.
    // (Cancelled first: a refetch of a page with no answer yet would join the old request.)
    const onTheirWay = { queryKey: listsKey, fetchStatus: 'fetching' } as const;
    const pages = queryClient.getQueryCache().findAll(onTheirWay);
    if (pages.length > 0)
      void queryClient
        .cancelQueries(onTheirWay)
        .then(() =>
          Promise.all(pages.map((p) => queryClient.refetchQueries({ queryKey: p.queryKey, exact: true }))),
        );
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

  /**
   * What cancelling or refunding the whole captured order sends back, as the server computes it now:
   * after earlier partial refunds only what is left (the order's total otherwise); null when the
   * server could not be asked (said in a dialog).
   */
  async function refundDue(order: AdminOrder, failed: string): Promise<number | null> {
    if (order.paymentStatus !== 'CAPTURED') return order.finalAmount;
    try {
      const detail = await queryClient.fetchQuery({
        queryKey: ['admin-order', order.orderNumber],
        queryFn: () => ordersApi.detail(order.orderNumber),
        staleTime: 0,
      });
      return detail.refunds?.refundable ?? order.finalAmount;
    } catch (err) {
      const reason = serverMessageOr(err, '');
      void dialog.error('Error', reason ? `${failed}\n${reason}` : failed);
      return null;
    }
  }

  async function setStatus(order: AdminOrder, status: OrderStatus) {
    let reason: string | undefined;
    if (status === 'CANCELLED' && isPaid(order)) {
      const due = await refundDue(order, ORDER_ADMIN_TEXT.statusFailed);
      if (due === null) return;
      const given = await ask({
        title: ORDER_ADMIN_TEXT.cancelPaidTitle,
        consequence: ORDER_ADMIN_TEXT.cancelPaidConsequence(formatInr(due)),
        confirmLabel: `Cancel and refund ${formatInr(due)}`,
      });
      if (given === null) return;
      reason = given;
    }
    await run(
      order,
      () => ordersApi.setStatus(order.orderNumber, status, reason),
      ORDER_ADMIN_TEXT.statusUpdated,
      ORDER_ADMIN_TEXT.statusFailed,
    );
  }

  async function setPayment(order: AdminOrder, status: PaymentStatus) {
    let reason: string | undefined;
    if (status === 'REFUNDED') {
      const due = await refundDue(order, ORDER_ADMIN_TEXT.paymentFailed);
      if (due === null) return;
      const given = await ask({
        title: ORDER_ADMIN_TEXT.refundTitle,
        consequence: ORDER_ADMIN_TEXT.refundConsequence(formatInr(due)),
        confirmLabel: `Refund ${formatInr(due)}`,
      });
      if (given === null) return;
      reason = given;
    }
    await run(
      order,
      () => ordersApi.setPayment(order.orderNumber, status, reason),
      ORDER_ADMIN_TEXT.paymentUpdated,
      ORDER_ADMIN_TEXT.paymentFailed,
    );
  }

  return { busy, question, setStatus, setPayment };
}
