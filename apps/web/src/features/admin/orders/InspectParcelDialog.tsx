import { useId, useRef, useState, type FormEvent } from 'react';
import {
  RETURN_TEXT,
  RTO_OUTCOMES,
  RTO_OUTCOME_LABELS,
  inspectionFindings,
  type RtoOutcome,
  type ShipmentView,
} from '@zevar/domain';
import { Modal } from '../../../components/Modal';
import { TextAreaField, TextField } from '../../../components/FormFields';
import { errorMessage } from '../../../lib/api';
import { shipmentsApi } from './shipments-api';

/**
 * A parcel returned to origin is back at the shop (issue 22 item 7b): the admin scans the HUIDs found
 * (checked live against those packed), weighs it and chooses the outcome: back in stock and refund,
 * damaged and refund, or not as packed (a claim with the carrier, no refund yet).
 */
export function InspectParcelDialog({
  shipment: s,
  tolerance,
  onDone,
  onClose,
}: {
  shipment: ShipmentView;
  tolerance: number;
  onDone: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const scanRef = useRef<HTMLInputElement>(null);
  const [scanned, setScanned] = useState('');
  const [weight, setWeight] = useState('');
  const [outcome, setOutcome] = useState<RtoOutcome>('RESTOCK');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const found = scanned
    .split(/[\s,]+/)
    .map((h) => h.trim().toUpperCase())
    .filter(Boolean);
  const check = inspectionFindings({
    expectedHuids: s.huids,
    foundHuids: found,
    expectedWeightGrams: s.packedWeightGrams,
    foundWeightGrams: Number(weight) || 0,
    toleranceGrams: tolerance,
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await shipmentsApi.inspectReturned(s.id, { outcome, huids: found, weightGrams: Number(weight), note });
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal labelledBy={titleId} initialFocus={scanRef} onDismiss={onClose}>
      <h2 id={titleId} className="text-2xl font-semibold">
        {RETURN_TEXT.rtoTitle}
      </h2>
      <p className="mt-2 text-sm text-taupe">
        Shipment {s.id}, AWB {s.awb}, seal {s.sealNumber}, packed at {s.packedWeightGrams} g.
      </p>
      <form className="mt-4 space-y-3" noValidate onSubmit={(e) => void submit(e)}>
        {s.huids.length > 0 && (
          <ul className="text-sm" aria-label="HUID check">
            {s.huids.map((h) => (
              <li key={h} className="font-mono">
                {found.includes(h) ? '✓ found' : '· missing'} {h}
              </li>
            ))}
            {check.unexpected.map((h) => (
              <li key={h} className="font-mono text-red-700">
                ✗ not packed in this parcel: {h}
              </li>
            ))}
          </ul>
        )}
        <TextField
          ref={scanRef}
          label="HUIDs found (scan each)"
          value={scanned}
          onChange={(e) => setScanned(e.target.value)}
        />
        <TextField
          label="Weight now (grams)"
          type="number"
          min={1}
          required
          value={weight}
          hint={
            weight && check.weightMismatch ? `More than ${tolerance} g from the packed weight` : undefined
          }
          onChange={(e) => setWeight(e.target.value)}
        />
        <fieldset className="space-y-1 text-sm">
          <legend className="font-medium">Outcome</legend>
          {RTO_OUTCOMES.map((o) => (
            <label key={o} className="flex items-center gap-2">
              <input
                type="radio"
                name="outcome"
                value={o}
                checked={outcome === o}
                disabled={o !== 'DISPUTED' && !check.matches}
                onChange={() => setOutcome(o)}
              />
              {RTO_OUTCOME_LABELS[o]}
            </label>
          ))}
        </fieldset>
        <TextAreaField label="Note" rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="btn-primary"
            disabled={busy || (outcome !== 'DISPUTED' && !check.matches)}
          >
            Record inspection
          </button>
        </div>
      </form>
    </Modal>
  );
}
