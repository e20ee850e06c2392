import { useId, useMemo, useRef, useState } from 'react';
import {
  ORDER_ADMIN_TEXT,
  PART_REFUND_TEXT,
  paiseToRupees,
  rupeesToPaise,
  type AdminOrderDetail,
  type RefundAsk,
} from '@zevar/domain';
import { Modal } from '../../../components/Modal';
import { TextAreaField, TextField } from '../../../components/FormFields';
import { DownloadButton } from '../../../components/DownloadButton';
import { isReauthCancelled, useReauth } from '../../../components/reauth/reauth-context';
import { serverMessageOr } from '../../../lib/error-text';
import { formatInr } from '../../../lib/format';
import { downloadFile, taxDocumentFile } from '../../../lib/download-file';
import { ordersApi } from './orders-api';
import { previewRefund } from './refund-preview';

/** One key per dialog: a double click or a resent request answers the refund already made. */
function requestKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `refund-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

type Step = 'form' | 'confirm' | 'done';

/**
 * 'Refund part of this order': lines and quantities, or an amount; the reason; whether the pieces go
 * back to stock. The confirmation names the amount the server will refund (the same plan, computed
 * here from the order); the answer shows the refund and its credit note.
 */
export function PartRefundDialog({
  order,
  onClose,
  onDone,
}: {
  order: AdminOrderDetail;
  onClose: () => void;
  onDone: (updated: AdminOrderDetail) => void;
}) {
  const titleId = useId();
  const reauth = useReauth();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [key] = useState(requestKey);
  const [mode, setMode] = useState<'lines' | 'amount'>('lines');
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(false);
  const [step, setStep] = useState<Step>('form');
  const [error, setError] = useState<{ path: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AdminOrderDetail | null>(null);

  const unitsLeft = (id: number, quantity: number) =>
    quantity - (order.refunds?.refundedUnits.find((u) => u.orderItemId === id)?.units ?? 0);
  const ask: RefundAsk | null = useMemo(() => {
    if (mode === 'amount') {
      const value = Number(amount);
      return amount.trim() && Number.isFinite(value) ? { amountPaise: rupeesToPaise(value) } : null;
    }
    const lines = Object.entries(quantities)
      .filter(([, q]) => q > 0)
      .map(([id, quantity]) => ({ orderItemId: Number(id), quantity }));
    return lines.length ? { lines } : null;
  }, [mode, amount, quantities]);
  const plan = ask ? previewRefund(order, ask) : null;

  const review = () => {
    if (!ask || !plan)
      return setError({
        path: mode,
        message: mode === 'amount' ? 'Enter an amount above zero' : 'Choose at least one line',
      });
    if (!plan.ok) return setError({ path: mode, message: plan.message });
    if (!reason.trim()) {
      reasonRef.current?.focus();
      return setError({ path: 'reason', message: 'Please give the reason for this refund' });
    }
    setError(null);
    setStep('confirm');
  };

  const send = async () => {
    if (!ask || 'rest' in ask) return;
    setBusy(true);
    try {
      const body = {
        reason: reason.trim(),
        restock,
        idempotencyKey: key,
        ...('amountPaise' in ask ? { amount: paiseToRupees(ask.amountPaise) } : { lines: ask.lines }),
      };
      const updated = await reauth(() => ordersApi.refundPart(order.orderNumber, body));
      setResult(updated);
      setStep('done');
      onDone(updated);
    } catch (err) {
      if (isReauthCancelled(err)) return;
      setError({ path: 'form', message: serverMessageOr(err, PART_REFUND_TEXT.failed) });
      setStep('form');
    } finally {
      setBusy(false);
    }
  };

  const amountText = plan?.ok ? formatInr(paiseToRupees(plan.amountPaise)) : '';
  const latest = result?.refunds?.refunds.at(-1);
  return (
    <Modal labelledBy={titleId} onDismiss={busy ? undefined : onClose} initialFocus={reasonRef}>
      <h2 id={titleId} className="text-2xl font-semibold">
        {PART_REFUND_TEXT.title}
      </h2>
      {step === 'done' && latest ? (
        <div className="mt-4 space-y-3 text-sm" role="status">
          <p>
            {PART_REFUND_TEXT.done}: {formatInr(latest.amount)} ({latest.status.toLowerCase()}).
          </p>
          {latest.creditNote ? (
            <p>
              Credit note{' '}
              <DownloadButton
                className="link font-mono"
                download={() => {
                  const file = taxDocumentFile(order.id, {
                    kind: 'CREDIT_NOTE',
                    id: latest.creditNote!.id,
                    number: latest.creditNote!.number,
                  });
                  return downloadFile(file.path, file.fileName);
                }}
              >
                {latest.creditNote.number}
              </DownloadButton>
            </p>
          ) : (
            <p className="text-taupe">The credit note is issued when the gateway confirms the refund.</p>
          )}
          <div className="flex justify-end">
            <button type="button" className="btn-primary" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      ) : step === 'confirm' ? (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-taupe">{PART_REFUND_TEXT.consequence(amountText)}</p>
          <p className="text-sm">
            Reason: <span className="break-words">{reason.trim()}</span>
            <br />
            {restock ? 'The refunded pieces go back to stock.' : 'The refunded pieces stay out of stock.'}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-outline" disabled={busy} onClick={() => setStep('form')}>
              Back
            </button>
            <button type="button" className="btn-danger" disabled={busy} onClick={() => void send()}>
              {busy ? 'Refunding...' : PART_REFUND_TEXT.confirm(amountText)}
            </button>
          </div>
        </div>
      ) : (
        <form
          className="mt-4 space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            review();
          }}
        >
          {error?.path === 'form' && (
            <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800">
              {error.message}
            </p>
          )}
          <fieldset className="flex flex-wrap gap-4 text-sm">
            <legend className="sr-only">What to refund</legend>
            {(['lines', 'amount'] as const).map((m) => (
              <label key={m} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="refund-mode"
                  className="accent-gold-700"
                  checked={mode === m}
                  onChange={() => {
                    setMode(m);
                    setError(null);
                  }}
                />
                {m === 'lines' ? PART_REFUND_TEXT.byLines : PART_REFUND_TEXT.byAmount}
              </label>
            ))}
          </fieldset>
          {mode === 'lines' ? (
            <ul className="space-y-2" aria-label={PART_REFUND_TEXT.byLines}>
              {order.orderItems.map((item) => {
                const left = unitsLeft(item.id ?? -1, item.quantity);
                return (
                  <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span className="min-w-0 flex-1 break-words">
                      {item.productName}
                      <span className="block text-xs text-taupe">
                        {formatInr(item.priceAtTime)} × {item.quantity}
                        {left < item.quantity ? `, ${item.quantity - left} refunded` : ''}
                      </span>
                    </span>
                    <label className="flex items-center gap-2">
                      <span className="text-taupe">Quantity</span>
                      <input
                        type="number"
                        className="input w-20"
                        min={0}
                        max={left}
                        disabled={left === 0}
                        aria-label={`Quantity of ${item.productName} to refund`}
                        value={quantities[item.id ?? -1] ?? 0}
                        onChange={(e) => {
                          const q = Math.max(0, Math.min(left, Math.floor(Number(e.target.value) || 0)));
                          setQuantities((prev) => ({ ...prev, [item.id ?? -1]: q }));
                          setError(null);
                        }}
                      />
                    </label>
                  </li>
                );
              })}
            </ul>
          ) : (
            <TextField
              label={PART_REFUND_TEXT.amountLabel}
              inputMode="decimal"
              value={amount}
              hint={`Up to ${formatInr(order.refunds?.refundable ?? 0)}`}
              onChange={(e) => {
                setAmount(e.target.value);
                setError(null);
              }}
            />
          )}
          {error && (error.path === 'lines' || error.path === 'amount') && (
            <p role="alert" className="text-sm text-red-700">
              {error.message}
            </p>
          )}
          {plan?.ok && (
            <p className="text-sm font-medium" aria-live="polite">
              Refund: {amountText}
            </p>
          )}
          {mode === 'lines' && (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-gold-700"
                checked={restock}
                onChange={(e) => setRestock(e.target.checked)}
              />
              {PART_REFUND_TEXT.restockLabel}
            </label>
          )}
          <TextAreaField
            ref={reasonRef}
            label={ORDER_ADMIN_TEXT.reasonLabel}
            required
            rows={3}
            maxLength={500}
            value={reason}
            error={error?.path === 'reason' ? error.message : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              if (error?.path === 'reason') setError(null);
            }}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-outline" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn-primary">
              Review refund
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
