import { useId, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RETURN_TEXT,
  RTO_OUTCOME_LABELS,
  SANDBOX_NEXT_STEPS,
  SHIPMENT_EVENT_LABELS,
  RTO_OUTCOME_BADGES,
  SHIPMENT_EXCEPTION_LABELS,
  SHIPMENT_STATUS_LABELS,
  type OrderShipments,
  type ShipmentEventType,
  type ShipmentView,
} from '@zevar/domain';
import { errorMessage } from '../../../lib/api';
import { formatDateTime, formatInr } from '../../../lib/format';
import { DownloadButton } from '../../../components/DownloadButton';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/FormFields';
import { useDialog } from '../../../components/dialog/dialog-context';
import { shipmentsApi } from './shipments-api';
import { InspectParcelDialog } from './InspectParcelDialog';

type Run = (work: () => Promise<unknown>) => Promise<void>;

/** Packing a shipment: units per line, the seal, the weighed package, its size and the HUIDs scanned. */
function PackForm({ data, run }: { data: OrderShipments; run: Run }) {
  const open = data.lines.filter((l) => l.left > 0);
  const [units, setUnits] = useState<Record<number, string>>(() =>
    Object.fromEntries(open.map((l) => [l.orderItemId, String(l.left)])),
  );
  const [seal, setSeal] = useState('');
  const [weight, setWeight] = useState('');
  const [size, setSize] = useState({ l: '15', b: '12', h: '8' });
  const [huids, setHuids] = useState('');
  const [insured, setInsured] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(() =>
      shipmentsApi.pack(data.orderNumber, {
        lines: open
          .map((l) => ({ orderItemId: l.orderItemId, quantity: Number(units[l.orderItemId] ?? 0) }))
          .filter((l) => l.quantity > 0),
        sealNumber: seal,
        packedWeightGrams: Number(weight),
        lengthCm: Number(size.l),
        breadthCm: Number(size.b),
        heightCm: Number(size.h),
        huids: huids
          .split(/[\s,]+/)
          .map((h) => h.trim())
          .filter(Boolean),
        insured,
      }),
    );
  };
  return (
    <form className="space-y-3 rounded-md border border-sand p-3" onSubmit={submit} noValidate>
      <h4 className="font-semibold">Pack a shipment</h4>
      <div className="grid gap-2 sm:grid-cols-2">
        {open.map((l) => (
          <TextField
            key={l.orderItemId}
            label={`${l.productName} (units, ${l.left} left)`}
            type="number"
            min={0}
            max={l.left}
            value={units[l.orderItemId] ?? ''}
            onChange={(e) => setUnits({ ...units, [l.orderItemId]: e.target.value })}
          />
        ))}
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        <TextField label="Seal number" required value={seal} onChange={(e) => setSeal(e.target.value)} />
        <TextField
          label="Packed weight (grams)"
          required
          type="number"
          min={1}
          value={weight}
          onChange={(e) => setWeight(e.target.value)}
        />
      </div>
      <div className="grid grid-cols-3 gap-2">
        <TextField
          label="Length (cm)"
          type="number"
          value={size.l}
          onChange={(e) => setSize({ ...size, l: e.target.value })}
        />
        <TextField
          label="Breadth (cm)"
          type="number"
          value={size.b}
          onChange={(e) => setSize({ ...size, b: e.target.value })}
        />
        <TextField
          label="Height (cm)"
          type="number"
          value={size.h}
          onChange={(e) => setSize({ ...size, h: e.target.value })}
        />
      </div>
      <TextField
        label="HUIDs packed"
        hint={
          open.some((l) => l.huids.length > 0)
            ? `Scan each hallmarked piece: ${open.flatMap((l) => l.huids).join(', ')}`
            : 'No hallmarked pieces in this order'
        }
        value={huids}
        onChange={(e) => setHuids(e.target.value)}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={insured} onChange={(e) => setInsured(e.target.checked)} />
        Insure the parcel (always insured above {formatInr(data.rules.insureAboveRupees)})
      </label>
      <button type="submit" className="btn-primary">
        Pack shipment
      </button>
    </form>
  );
}

/** The buyer's delivery code, asked before the sandbox courier hands over a parcel delivered by OTP. */
function DeliveryCodeDialog({
  awb,
  onDone,
  onClose,
}: {
  awb: string;
  onDone: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await shipmentsApi.sandboxStep(awb, { type: 'DELIVERED', otp: code.trim() });
      onDone();
    } catch (err) {
      setError(errorMessage(err));
      inputRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal labelledBy={titleId} initialFocus={inputRef} onDismiss={onClose}>
      <h2 id={titleId} className="text-2xl font-semibold">
        Delivery code
      </h2>
      <p className="mt-2 text-sm text-taupe">
        This parcel is handed over only against the code the buyer was sent by email and SMS.
      </p>
      <form className="mt-4" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          ref={inputRef}
          label="Buyer's delivery code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={code}
          error={error}
          onChange={(e) => setCode(e.target.value)}
        />
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            Deliver
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Booking a shipment above the confirmation value: the admin picks the courier and confirms it. */
function ConfirmCarrier({ shipment, run }: { shipment: ShipmentView; run: Run }) {
  const rates = useQuery({
    queryKey: ['shipment-rates', shipment.id],
    queryFn: () => shipmentsApi.rates(shipment.id),
  });
  const [courierId, setCourierId] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  if (rates.isPending) return <p className="text-sm text-taupe">Loading couriers...</p>;
  if (rates.isError || !rates.data.serviceable)
    return <p className="text-sm text-red-700">The carrier does not serve this address.</p>;
  return (
    <div className="space-y-2 rounded-md bg-gold-50 p-2 text-sm">
      <p>Declared at {formatInr(shipment.declaredValue)}: choose the courier and confirm it.</p>
      <select
        aria-label="Courier"
        className="input"
        value={courierId}
        onChange={(e) => setCourierId(e.target.value)}
      >
        <option value="">Choose a courier</option>
        {rates.data.rates.map((r) => (
          <option key={r.courierId} value={r.courierId}>
            {r.courierName}: {formatInr(r.charge)}, {r.etaDays} days
          </option>
        ))}
      </select>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />I
        confirm this courier for this parcel
      </label>
      <button
        type="button"
        className="btn-primary"
        disabled={!courierId || !confirmed}
        onClick={() => void run(() => shipmentsApi.book(shipment.id, { courierId, confirmCarrier: true }))}
      >
        Book shipment
      </button>
    </div>
  );
}

function ShipmentCard({
  shipment: s,
  sandbox,
  tolerance,
  run,
}: {
  shipment: ShipmentView;
  sandbox: boolean;
  tolerance: number;
  run: Run;
}) {
  const dialog = useDialog();
  const [askCode, setAskCode] = useState(false);
  const [inspecting, setInspecting] = useState(false);
  const queryClient = useQueryClient();
  const next = s.awb && sandbox ? (SANDBOX_NEXT_STEPS[s.status] ?? []) : [];
  const step = (type: ShipmentEventType) => {
    if (type === 'DELIVERED' && s.otpDelivery) {
      setAskCode(true);
      return;
    }
    void run(() => shipmentsApi.sandboxStep(s.awb!, { type }));
  };
  const cancel = async () => {
    if (await dialog.confirm('Cancel Shipment', `Cancel shipment ${s.id}? Its units can be packed again.`))
      await run(() => shipmentsApi.cancel(s.id));
  };
  return (
    <article
      className="space-y-2 rounded-md border border-sand p-3"
      aria-label={`${s.direction === 'RETURN' ? 'Return pickup' : 'Shipment'} ${s.id}`}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h4 className="font-semibold">
          {s.direction === 'RETURN' ? 'Return pickup' : 'Shipment'} {s.id}
        </h4>
        <span className="rounded bg-sand px-2 py-0.5 text-xs">{SHIPMENT_STATUS_LABELS[s.status]}</span>
        {s.insured && <span className="rounded bg-gold-50 px-2 py-0.5 text-xs">Insured</span>}
        {s.otpDelivery && (
          <span className="rounded bg-gold-50 px-2 py-0.5 text-xs">
            {s.otpVerified ? 'Delivered against OTP' : 'Delivery by OTP'}
          </span>
        )}
        {s.exception && (
          <span role="status" className="rounded bg-red-50 px-2 py-0.5 text-xs text-red-800">
            {SHIPMENT_EXCEPTION_LABELS[s.exception]}
          </span>
        )}
        {s.inspection && (
          <span className="rounded bg-sand px-2 py-0.5 text-xs">
            {RTO_OUTCOME_BADGES[s.inspection.outcome]}
          </span>
        )}
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-taupe">Units</dt>
        <dd>{s.lines.map((l) => `${l.productName} × ${l.quantity}`).join(', ')}</dd>
        <dt className="text-taupe">AWB</dt>
        <dd className="font-mono break-all">
          {s.awb ?? '—'}
          {s.courierName ? ` · ${s.courierName}` : ''}
        </dd>
        {s.trackingUrl && (
          <>
            <dt className="text-taupe">Tracking</dt>
            <dd>
              <a className="link break-all" href={s.trackingUrl} target="_blank" rel="noreferrer">
                {s.trackingUrl}
              </a>
            </dd>
          </>
        )}
        <dt className="text-taupe">Declared</dt>
        <dd>{formatInr(s.declaredValue)}</dd>
        <dt className="text-taupe">Packing</dt>
        <dd>
          Seal {s.sealNumber} · {s.packedWeightGrams} g · by {s.packedBy}
          {s.deliveredWeightGrams !== null ? ` · ${s.deliveredWeightGrams} g at delivery` : ''}
        </dd>
        <dt className="text-taupe">HUIDs</dt>
        <dd className="font-mono break-all">{s.huids.length > 0 ? s.huids.join(', ') : 'None'}</dd>
        {s.pickupAt && (
          <>
            <dt className="text-taupe">Pickup</dt>
            <dd>{formatDateTime(s.pickupAt)}</dd>
          </>
        )}
        {s.lastBookingError && (
          <>
            <dt className="text-taupe">Carrier</dt>
            <dd className="text-red-700">{s.lastBookingError}</dd>
          </>
        )}
      </dl>
      <div className="flex flex-wrap gap-2">
        {s.status === 'PACKED' && !s.needsCarrierConfirmation && (
          <button
            type="button"
            className="btn-primary"
            onClick={() => void run(() => shipmentsApi.book(s.id))}
          >
            Book shipment
          </button>
        )}
        {s.awb && (
          <DownloadButton download={() => shipmentsApi.label(s.id, s.awb!)}>Print label</DownloadButton>
        )}
        <DownloadButton download={() => shipmentsApi.packingSlip(s.id, true)}>Packing slip</DownloadButton>
        <DownloadButton download={() => shipmentsApi.packingSlip(s.id, false)}>
          Packing slip without prices
        </DownloadButton>
        {s.status === 'BOOKED' && !s.pickupAt && (
          <button
            type="button"
            className="btn-outline"
            onClick={() => void run(() => shipmentsApi.schedulePickup(s.id))}
          >
            Schedule pickup
          </button>
        )}
        {s.status === 'RETURNED_TO_ORIGIN' && s.direction === 'FORWARD' && !s.inspection && (
          <button type="button" className="btn-primary" onClick={() => setInspecting(true)}>
            {RETURN_TEXT.rtoTitle}
          </button>
        )}
        {['PACKED', 'BOOKING', 'BOOKED'].includes(s.status) && (
          <button type="button" className="btn-outline" onClick={() => void cancel()}>
            Cancel shipment
          </button>
        )}
      </div>
      {s.inspection && (
        <p className="rounded-md bg-sand/40 p-2 text-sm" aria-label="Inspection">
          Inspected by {s.inspection.inspectedBy} on {formatDateTime(s.inspection.inspectedAt)}:{' '}
          {RTO_OUTCOME_LABELS[s.inspection.outcome]}. {s.inspection.weightGrams} g
          {s.inspection.weightMismatch ? ' (not the packed weight)' : ''}
          {s.inspection.missingHuids.length > 0 ? `; missing ${s.inspection.missingHuids.join(', ')}` : ''}
          {s.inspection.note ? `. ${s.inspection.note}` : ''}
        </p>
      )}
      {s.status === 'PACKED' && s.needsCarrierConfirmation && <ConfirmCarrier shipment={s} run={run} />}
      {next.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 rounded-md bg-sand/40 p-2 text-sm">
          <span className="text-taupe">Sandbox carrier:</span>
          {next.map((type) => (
            <button
              key={type}
              type="button"
              className="btn-outline px-2 py-1 text-xs"
              onClick={() => step(type)}
            >
              {SHIPMENT_EVENT_LABELS[type]}
            </button>
          ))}
        </div>
      )}
      {s.events.length > 0 && (
        <ol
          className="space-y-1 border-l-2 border-sand pl-3 text-sm"
          aria-label={`Timeline of shipment ${s.id}`}
        >
          {s.events.map((e, i) => (
            <li key={i} className={e.applied ? '' : 'text-taupe'}>
              <span className="font-medium">{SHIPMENT_EVENT_LABELS[e.type]}</span>{' '}
              <span className="text-taupe">{formatDateTime(e.at)}</span>
              {e.location && <span className="text-taupe"> · {e.location}</span>}
              {e.note && <span className="block break-words">{e.note}</span>}
              {!e.applied && (
                <span className="block text-xs">Arrived late: kept, did not move the parcel</span>
              )}
            </li>
          ))}
        </ol>
      )}
      {inspecting && (
        <InspectParcelDialog
          shipment={s}
          tolerance={tolerance}
          onClose={() => setInspecting(false)}
          onDone={() => {
            setInspecting(false);
            void queryClient.invalidateQueries({ queryKey: ['order-shipments'] });
            void queryClient.invalidateQueries({ queryKey: ['admin-order'] });
          }}
        />
      )}
      {askCode && s.awb && (
        <DeliveryCodeDialog
          awb={s.awb}
          onClose={() => setAskCode(false)}
          onDone={() => {
            setAskCode(false);
            void queryClient.invalidateQueries({ queryKey: ['order-shipments'] });
            void queryClient.invalidateQueries({ queryKey: ['admin-order'] });
          }}
        />
      )}
    </article>
  );
}

/** The order's shipments: what is left to pack, packing, each shipment with its actions and timeline. */
export function ShipmentsSection({ orderNumber }: { orderNumber: string }) {
  const queryClient = useQueryClient();
  const dialog = useDialog();
  const query = useQuery({
    queryKey: ['order-shipments', orderNumber],
    queryFn: () => shipmentsApi.ofOrder(orderNumber),
  });
  const run: Run = async (work) => {
    try {
      await work();
    } catch (err) {
      await dialog.error('Error', errorMessage(err));
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['order-shipments', orderNumber] });
      await queryClient.invalidateQueries({ queryKey: ['admin-order', orderNumber] });
      // A return's state follows its pickup parcel (received once the pickup is delivered back).
      void queryClient.invalidateQueries({ queryKey: ['return-requests'] });
      void queryClient.invalidateQueries({ queryKey: ['admin-orders'] });
    }
  };
  const data = query.data;
  return (
    <section className="card space-y-3 p-4" aria-label="Shipments">
      <h3 className="text-lg font-semibold">Shipments</h3>
      {query.isPending && <p className="text-sm text-taupe">Loading shipments...</p>}
      {query.isError && <p className="text-sm text-red-700">Failed to load shipments</p>}
      {data && (
        <>
          <ul className="text-sm">
            {data.lines.map((l) => (
              <li key={l.orderItemId}>
                {l.productName}: {l.packed} of {l.ordered} packed
                {l.left > 0 ? `, ${l.left} left` : ''}
              </li>
            ))}
          </ul>
          {data.shipments.length === 0 && <p className="text-sm text-taupe">No shipments yet.</p>}
          {data.shipments.map((s) => (
            <ShipmentCard
              key={s.id}
              shipment={s}
              sandbox={data.sandboxCarrier}
              tolerance={data.rules.weightToleranceGrams}
              run={run}
            />
          ))}
          {data.canPack && data.lines.some((l) => l.left > 0) && (
            <PackForm key={data.shipments.length} data={data} run={run} />
          )}
        </>
      )}
    </section>
  );
}
