import { useId, useRef, useState } from 'react';
import { Modal } from '../Modal';
import { TextAreaField } from '../FormFields';

/**
 * Asks for the reason of an irreversible decision before it is made (a money action on a paid order,
 * a refused KYC or bank change): says what will happen, takes a reason the server keeps, and answers
 * the trimmed reason on confirm or null when dismissed.
 */
export function ReasonDialog({
  title,
  message,
  confirmLabel,
  reasonLabel = 'Reason',
  requiredMessage,
  minLength = 1,
  onAnswer,
}: {
  title: string;
  /** What happens on confirm. */
  message: string;
  confirmLabel: string;
  reasonLabel?: string;
  /** Shown when the reason is shorter than minLength (after trimming). */
  requiredMessage: string;
  /** The fewest characters the server accepts for the reason. */
  minLength?: number;
  /** The reason on confirm, null on cancel. */
  onAnswer: (reason: string | null) => void;
}) {
  const titleId = useId();
  const messageId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const longEnough = (text: string) => text.trim().length >= minLength;
  const confirm = () => {
    if (!longEnough(reason)) {
      setError(requiredMessage);
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
        {message}
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
          label={reasonLabel}
          required
          rows={3}
          maxLength={500}
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.target.value);
            if (error && longEnough(e.target.value)) setError(undefined);
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
