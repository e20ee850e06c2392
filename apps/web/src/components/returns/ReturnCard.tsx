import { useState } from 'react';
import {
  RETURN_STAGE_LABELS,
  RETURN_TEXT,
  maySendBack,
  SHIPMENT_STATUS_LABELS,
  type ReturnView,
  type ShipmentStatus,
} from '@zevar/domain';
import { TextAreaField, TextField } from '../FormFields';
import { imageUrl } from '../image-url';
import { formatDateTime, formatInr } from '../../lib/format';
import { returnRequestsApi } from '../../lib/return-requests-api';

type Run = (work: () => Promise<unknown>) => Promise<void>;

const huidsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((h) => h.trim().toUpperCase())
    .filter(Boolean);

/** Approve (books the reverse pickup) or reject with a reason the buyer is shown. */
function Decide({ r, run }: { r: ReturnView; run: Run }) {
  const [note, setNote] = useState('');
  return (
    <div className="space-y-2 rounded-md bg-sand/40 p-2">
      <TextAreaField
        label="Note to the buyer (needed to reject)"
        rows={2}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary"
          onClick={() => void run(() => returnRequestsApi.decide(r.id, { decision: 'APPROVE', note }))}
        >
          {RETURN_TEXT.approve}
        </button>
        <button
          type="button"
          className="btn-outline"
          onClick={() => void run(() => returnRequestsApi.decide(r.id, { decision: 'REJECT', note }))}
        >
          {RETURN_TEXT.reject}
        </button>
      </div>
    </div>
  );
}

/** The piece is back at the shop: HUIDs scanned against the pieces expected, weighed, accepted or refused. */
function Inspect({ r, run }: { r: ReturnView; run: Run }) {
  const [scanned, setScanned] = useState('');
  const [weight, setWeight] = useState('');
  const [restock, setRestock] = useState(true);
  const [note, setNote] = useState('');
  const found = huidsOf(scanned);
  const stranger = found.filter((h) => !r.expectedHuids.includes(h));
  const body = { huids: found, weightGrams: Number(weight), note };
  return (
    <div className="space-y-2 rounded-md bg-sand/40 p-2" aria-label={RETURN_TEXT.inspect}>
      <h5 className="font-semibold">{RETURN_TEXT.inspect}</h5>
      {r.expectedHuids.length > 0 && (
        <ul className="text-sm" aria-label="HUID check">
          {r.expectedHuids.map((h) => (
            <li key={h} className="font-mono">
              {found.includes(h) ? '✓' : '·'} {h}
            </li>
          ))}
          {stranger.map((h) => (
            <li key={h} className="font-mono text-red-700">
              ✗ {h}: not one of the pieces of this return
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        <TextField
          label="HUIDs found (scan each)"
          value={scanned}
          onChange={(e) => setScanned(e.target.value)}
        />
        <TextField
          label="Weight of the piece (grams)"
          type="number"
          min={1}
          required
          value={weight}
          onChange={(e) => setWeight(e.target.value)}
        />
      </div>
      <TextAreaField
        label="Inspection note"
        rows={2}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} />
        {RETURN_TEXT.restock}
      </label>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary"
          onClick={() =>
            void run(() => returnRequestsApi.inspect(r.id, { outcome: 'ACCEPT', restock, ...body }))
          }
        >
          {RETURN_TEXT.accept}
        </button>
        <button
          type="button"
          className="btn-outline"
          onClick={() => void run(() => returnRequestsApi.inspect(r.id, { outcome: 'REFUSE', ...body }))}
        >
          {RETURN_TEXT.refuse}
        </button>
      </div>
    </div>
  );
}

/** One return: what and why, the pickup, the inspection and refund, the next step and the timeline. */
/** A piece refused at inspection, packed to go back to the buyer (no refund). */
function SendBack({ r, run }: { r: ReturnView; run: Run }) {
  const [scanned, setScanned] = useState((r.inspection?.huids ?? []).join(' '));
  const [seal, setSeal] = useState('');
  const [weight, setWeight] = useState(String(r.inspection?.weightGrams ?? ''));
  const body = { huids: huidsOf(scanned), sealNumber: seal, packedWeightGrams: Number(weight) };
  return (
    <div className="space-y-2 rounded-md bg-sand/40 p-2" aria-label={RETURN_TEXT.sendBack}>
      <h5 className="font-semibold">{RETURN_TEXT.sendBack}</h5>
      <p className="text-sm text-taupe">{RETURN_TEXT.sendBackIntro}</p>
      <div className="grid gap-2 sm:grid-cols-3">
        <TextField
          label="HUIDs packed (scan each)"
          value={scanned}
          onChange={(e) => setScanned(e.target.value)}
        />
        <TextField
          label={RETURN_TEXT.sealLabel}
          required
          value={seal}
          onChange={(e) => setSeal(e.target.value)}
        />
        <TextField
          label={RETURN_TEXT.packedWeightLabel}
          type="number"
          min={1}
          required
          value={weight}
          onChange={(e) => setWeight(e.target.value)}
        />
      </div>
      <button
        type="button"
        className="btn-primary px-3 py-1"
        onClick={() => void run(() => returnRequestsApi.sendBack(r.id, body))}
      >
        {RETURN_TEXT.sendBack}
      </button>
    </div>
  );
}

export function ReturnCard({ r, run, showOrder }: { r: ReturnView; run: Run; showOrder: boolean }) {
  return (
    <article className="space-y-2 rounded-md border border-sand p-3" aria-label={`Return ${r.id}`}>
      <header className="flex flex-wrap items-center gap-2">
        <h4 className="font-semibold">
          Return {r.id}
          {showOrder && ` · ${r.orderNumber} · ${r.customerName}`}
        </h4>
        <span className="rounded bg-sand px-2 py-0.5 text-xs">{RETURN_STAGE_LABELS[r.stage]}</span>
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-taupe">Items</dt>
        <dd>{r.lines.map((l) => `${l.productName} (${l.productSku}) × ${l.quantity}`).join(', ')}</dd>
        <dt className="text-taupe">Reason</dt>
        <dd className="break-words">{r.reason}</dd>
        {r.decisionNote && (
          <>
            <dt className="text-taupe">Decision</dt>
            <dd className="break-words">{r.decisionNote}</dd>
          </>
        )}
        {r.pickup && (
          <>
            <dt className="text-taupe">Pickup</dt>
            <dd className="break-all">
              {SHIPMENT_STATUS_LABELS[r.pickup.status as ShipmentStatus] ?? r.pickup.status}
              {r.pickup.awb && ` · ${r.pickup.courierName ?? ''} AWB ${r.pickup.awb}`}
              {r.pickup.lastBookingError && (
                <span className="block text-red-700">{r.pickup.lastBookingError}</span>
              )}
            </dd>
          </>
        )}
        {r.inspection && (
          <>
            <dt className="text-taupe">Inspection</dt>
            <dd className="break-all">
              {r.inspection.huids.join(', ') || 'No HUIDs'} · {r.inspection.weightGrams} g
              {r.status === 'ACCEPTED' &&
                (r.inspection.restock ? ' · back in stock' : ' · kept out of stock')}
            </dd>
          </>
        )}
        {r.sendBack && (
          <>
            <dt className="text-taupe">{RETURN_TEXT.sentBack}</dt>
            <dd className="break-all">
              {SHIPMENT_STATUS_LABELS[r.sendBack.status as ShipmentStatus] ?? r.sendBack.status}
              {r.sendBack.awb && ` · ${r.sendBack.courierName ?? ''} AWB ${r.sendBack.awb}`}
            </dd>
          </>
        )}
        {r.refund && (
          <>
            <dt className="text-taupe">Refund</dt>
            <dd>
              {formatInr(r.refund.amount)} · {r.refund.status}
            </dd>
          </>
        )}
      </dl>
      {r.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Photos">
          {r.photos.map((p) => (
            <li key={p}>
              <a href={imageUrl(p) ?? undefined} target="_blank" rel="noreferrer">
                <img
                  src={imageUrl(p) ?? undefined}
                  alt="Returned piece"
                  className="h-20 w-20 rounded object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {r.stage === 'REQUESTED' && <Decide r={r} run={run} />}
      {r.stage === 'RECEIVED' && <Inspect r={r} run={run} />}
      {r.stage === 'PICKUP_FAILED' && (
        <button
          type="button"
          className="btn-primary px-3 py-1"
          onClick={() => void run(() => returnRequestsApi.bookPickupAgain(r.id))}
        >
          {RETURN_TEXT.bookPickupAgain}
        </button>
      )}
      {maySendBack(r.status, r.sendBack !== null) && <SendBack r={r} run={run} />}
      <ol className="space-y-1 border-l-2 border-sand pl-3 text-sm" aria-label={`Timeline of return ${r.id}`}>
        {r.timeline.map((e, i) => (
          <li key={i}>
            <span className="font-medium">{e.what}</span>{' '}
            <span className="text-taupe">
              {formatDateTime(e.at)} · {e.who}
            </span>
            {e.note && <span className="block break-words">{e.note}</span>}
          </li>
        ))}
      </ol>
    </article>
  );
}
