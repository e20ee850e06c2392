import { useId } from 'react';
import { Modal } from '../../components/Modal';

/** 'Choose Your Plan' dialog (plan cards and payment are being built). */
export default function PlanSelector({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  return (
    <Modal labelledBy={titleId} onDismiss={onClose} className="max-w-lg">
      <h2 id={titleId} className="text-2xl font-semibold">
        Choose Your Plan
      </h2>
      <p className="mt-3 text-taupe">Plan upgrades with card payment are coming soon.</p>
      <div className="mt-6 flex justify-end">
        <button type="button" className="btn-outline" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
