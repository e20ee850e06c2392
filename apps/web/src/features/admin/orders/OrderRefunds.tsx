import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ORDER_ADMIN_TEXT, PART_REFUND_TEXT, type AdminOrderDetail } from '@zevar/domain';
import { DownloadButton } from '../../../components/DownloadButton';
import { useDialog } from '../../../components/dialog/dialog-context';
import { isReauthCancelled, useReauth } from '../../../components/reauth/reauth-context';
import { serverMessageOr } from '../../../lib/error-text';
import { formatDateTime, formatInr } from '../../../lib/format';
import { downloadFile, taxDocumentFile } from '../../../lib/download-file';
import { ReasonDialog } from '../../../components/dialog/ReasonDialog';
import { PartRefundDialog } from './PartRefundDialog';
import { ordersApi, statusLabel } from './orders-api';

type Refund = NonNullable<AdminOrderDetail['refunds']>['refunds'][number];

function linesText(order: AdminOrderDetail, refund: Refund): string {
  return refund.lines
    .map((l) => {
      if (l.orderItemId === null) return `shipping and round-off ${formatInr(l.amount)}`;
      const item = order.orderItems.find((i) => i.id === l.orderItemId);
      const name = item?.productName ?? 'line';
      return l.units > 0 ? `${l.units} × ${name}` : `${name} ${formatInr(l.amount)}`;
    })
    .join(', ');
}

/** The order's refunds with their statuses and credit notes, and 'Refund part of this order'. */
export function OrderRefunds({ order }: { order: AdminOrderDetail }) {
  const queryClient = useQueryClient();
  const dialog = useDialog();
  const reauth = useReauth();
  const [open, setOpen] = useState(false);
  const [retrying, setRetrying] = useState<Refund | null>(null);
  const summary = order.refunds;
  if (!summary) return null;
  const update = (updated: AdminOrderDetail) =>
    queryClient.setQueryData(['admin-order', order.orderNumber], updated);

  const askAgain = async (refund: Refund, reason: string | null) => {
    setRetrying(null);
    if (reason === null) return;
    try {
      update(await reauth(() => ordersApi.askRefundAgain(order.orderNumber, refund.id, reason)));
    } catch (err) {
      if (isReauthCancelled(err)) return;
      void dialog.error('Error', serverMessageOr(err, PART_REFUND_TEXT.failed));
    }
  };

  return (
    <section className="card space-y-3 p-4" aria-label={PART_REFUND_TEXT.refundsTitle}>
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-lg font-semibold">{PART_REFUND_TEXT.refundsTitle}</h3>
        {summary.refundable > 0 && (
          <button type="button" className="btn-outline sm:ml-auto" onClick={() => setOpen(true)}>
            {PART_REFUND_TEXT.button}
          </button>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-taupe">Refunded</dt>
        <dd>{formatInr(summary.refunded)}</dd>
        {summary.pending > 0 && (
          <>
            <dt className="font-medium text-taupe">Being refunded</dt>
            <dd>{formatInr(summary.pending)}</dd>
          </>
        )}
        {summary.refundable > 0 && (
          <>
            <dt className="font-medium text-taupe">Left to refund</dt>
            <dd>{formatInr(summary.refundable)}</dd>
          </>
        )}
      </dl>
      {summary.refunds.length === 0 ? (
        <p className="text-sm text-taupe">{PART_REFUND_TEXT.noRefunds}</p>
      ) : (
        <ol className="divide-y divide-sand text-sm">
          {summary.refunds.map((r) => (
            <li key={r.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
              <span className="font-semibold">{formatInr(r.amount)}</span>
              <span
                className={
                  r.status === 'FAILED'
                    ? 'text-red-700'
                    : r.status === 'PROCESSED'
                      ? 'text-green-800'
                      : 'text-gold-900'
                }
              >
                {statusLabel(r.status)}
              </span>
              <span className="text-taupe">
                {formatDateTime(r.requestedAt)} by {r.requestedBy}
              </span>
              {r.lines.length > 0 && <span className="basis-full break-words">{linesText(order, r)}</span>}
              {r.restock !== null && r.lines.some((l) => l.units > 0) && (
                <span className="text-taupe">{r.restock ? 'Back in stock' : 'Not restocked'}</span>
              )}
              {r.reason && <span className="basis-full break-words text-taupe">Reason: {r.reason}</span>}
              {r.creditNote && (
                <DownloadButton
                  className="link font-mono"
                  download={() => {
                    const file = taxDocumentFile(order.id, {
                      kind: 'CREDIT_NOTE',
                      id: r.creditNote!.id,
                      number: r.creditNote!.number,
                    });
                    return downloadFile(file.path, file.fileName);
                  }}
                >
                  {r.creditNote.number}
                </DownloadButton>
              )}
              {r.status === 'FAILED' && r.partial && (
                <button type="button" className="btn-outline" onClick={() => setRetrying(r)}>
                  Ask the gateway again
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {open && <PartRefundDialog order={order} onClose={() => setOpen(false)} onDone={update} />}
      {retrying && (
        <ReasonDialog
          title="Ask for the refund again"
          message={`This asks the payment gateway again to refund ${formatInr(retrying.amount)} to the shopper. The stock and commission were settled when the refund was first asked.`}
          reasonLabel={ORDER_ADMIN_TEXT.reasonLabel}
          requiredMessage={ORDER_ADMIN_TEXT.reasonRequired}
          confirmLabel={`Refund ${formatInr(retrying.amount)}`}
          onAnswer={(reason) => void askAgain(retrying, reason)}
        />
      )}
    </section>
  );
}
