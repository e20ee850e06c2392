import { useId, useRef, useState } from 'react';
import { ORDER_ADMIN_TEXT } from '@zevar/domain';
import { Modal } from '../../../components/Modal';
import { TextAreaField } from '../../../components/FormFields';

/**
 * Asked before an irreversible money action on a paid order (cancel, mark refunded): names the amount
 * and what happens (gateway refund, credit note), and takes the reason the server keeps with the order.
 */
export function MoneyActionDialog({
  title,
  consequence,
  confirmLabel,
  onAnswer,
}: {
  title: string;
  consequence: string;
  confirmLabel: string;
  /** The reason on confirm, null on cancel. */
  onAnswer: (reason: string | null) => void;
}) {
  const titleId = useId();
  const messageId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const confirm = () => {
    if (!reason.trim()) {
      setError(ORDER_ADMIN_TEXT.reasonRequired);
      reasonRef.current?.focus();
      return;
    }
    onAnswer(reason.trim());
  };
  return (
    <Modal
      labelledBy={titleId}
      describedBy={messageId}
      initialFocus={reasonRef}
      onDismiss={() => onAnswer(null)}
    >
      <h2 id={titleId} className="text-2xl font-semibold">
        {title}
      </h2>
      <p id={messageId} className="mt-2 text-sm text-taupe">
        {consequence}
      </p>
      <form
        className="mt-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        <TextAreaField
          ref={reasonRef}
          label={ORDER_ADMIN_TEXT.reasonLabel}
          required
          rows={3}
          maxLength={500}
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.target.value);
            if (error && e.target.value.trim()) setError(undefined);
          }}
        />
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={() => onAnswer(null)}>
            Cancel
          </button>
          <button type="submit" className="btn-danger">
            {confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
