import { useId } from 'react';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';

/** Shown between the card provider's success and the server's verification. */
export function ProcessingDialog() {
  const titleId = useId();
  return (
    <Modal labelledBy={titleId}>
      <div className="flex items-center gap-4">
        <Spinner label="Verifying your payment" />
        <div>
          <h2 id={titleId} className="text-xl font-semibold">
            Processing
          </h2>
          <p className="text-sm text-taupe">Verifying your payment, please wait...</p>
        </div>
      </div>
    </Modal>
  );
}
