import { useId, useRef, useState } from 'react';
import { KYC_TEXT } from '@zevar/domain';
import { Modal } from '../../../components/Modal';
import { TextAreaField } from '../../../components/FormFields';

/** Asks for the reason of a refusal (a KYC or a bank change) that the reseller is shown. */
export function ReasonDialog({
  title,
  message,
  confirmLabel,
  onAnswer,
}: {
  title: string;
  message: string;
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
    if (reason.trim().length < 3) {
      setError(KYC_TEXT.required);
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
          label="Reason"
          required
          rows={3}
          maxLength={500}
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.target.value);
            if (error && e.target.value.trim().length >= 3) setError(undefined);
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
