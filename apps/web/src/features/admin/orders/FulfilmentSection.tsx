import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DESK_QUEUES,
  DESK_QUEUE_LABELS,
  RTO_OUTCOME_BADGES,
  SHIPMENT_EXCEPTION_LABELS,
  SHIPMENT_STATUS_LABELS,
  type DeskQueue,
  type DeskRow,
} from '@zevar/domain';
import { errorMessage } from '../../../lib/api';
import { formatDate, formatDateTime, formatInr } from '../../../lib/format';
import { DownloadButton } from '../../../components/DownloadButton';
import { Pagination } from '../../../components/Pagination';
import { StackedCell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { OrderDetail } from './OrderDetail';
import { deskApi, type DeskFilters } from './desk-api';
import { useSectionPreset } from '../../../lib/section-preset';

const EMPTY: Record<DeskQueue, string> = {
  TO_PACK: 'No paid order is waiting to be packed.',
  TO_SHIP: 'No packed parcel is waiting for the courier.',
  IN_TRANSIT: 'No parcel is on its way.',
  DELIVERED: 'No parcel delivered in these dates.',
  EXCEPTIONS: 'No exceptions: every parcel is moving.',
};

/** What the date filter counts from, per queue (as the server filters). */
const DATE_MEANING: Record<DeskQueue, string> = {
  TO_PACK: 'Order date',
  TO_SHIP: 'Packing date',
  IN_TRANSIT: 'Packing date',
  DELIVERED: 'Packing date',
  EXCEPTIONS: 'Packing date',
};

type Notice = { tone: 'ok' | 'error'; text: string; details?: string[] };

/**
 * The fulfilment desk (issue 22 item 4): paid orders to pack, parcels to ship, in transit, delivered
 * and the exceptions (delivery failed, returned to origin, no movement, weight or booking trouble),
 * by shop and dates, paged on the server. Parcels are booked one by one or many at once; labels,
 * packing slips (with or without prices) and the pickup manifest are PDFs. An order number opens the
 * order with its shipments and their timelines.
 */
export default function FulfilmentSection() {
  const queryClient = useQueryClient();
  const presetQueue = useSectionPreset('queue', DESK_QUEUES);
  const [filters, setFilters] = useState<DeskFilters>({
    queue: presetQueue ?? 'TO_PACK',
    vendorId: '',
    from: '',
    to: '',
  });
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [withPrices, setWithPrices] = useState(true);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);

  const rows = useQuery({
    queryKey: ['fulfilment-desk', filters, page],
    queryFn: () => deskApi.list(filters, page),
    placeholderData: keepPreviousData,
    // A working queue: parcels move under it (the courier's events), so every visit asks again.
    staleTime: 0,
  });
  const shops = useQuery({ queryKey: ['fulfilment-desk-shops'], queryFn: deskApi.shops, staleTime: 60_000 });

  const change = (next: Partial<DeskFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(0);
    setSelected(new Set());
    setNotice(null);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['fulfilment-desk'] });
  /** The order with its shipments and their timelines, read afresh (the desk may have booked it). */
  const openOrder = (orderNumber: string) => {
    void queryClient.invalidateQueries({ queryKey: ['admin-order', orderNumber] });
    void queryClient.invalidateQueries({ queryKey: ['order-shipments', orderNumber] });
    setViewing(orderNumber);
  };

  async function run(work: () => Promise<Notice>) {
    setBusy(true);
    setNotice(null);
    try {
      setNotice(await work());
    } catch (err) {
      setNotice({ tone: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
      setSelected(new Set());
      await refresh();
    }
  }

  if (viewing)
    return (
      <OrderDetail
        orderNumber={viewing}
        onBack={() => {
          setViewing(null);
          void refresh();
        }}
      />
    );

  const content = rows.data?.content ?? [];
  const selectedRows = content.filter((r) => r.shipment && selected.has(r.shipment.id));
  const toBook = selectedRows.filter((r) => r.shipment!.status === 'PACKED').map((r) => r.shipment!.id);
  const forManifest = selectedRows.filter((r) => r.shipment!.status === 'BOOKED').map((r) => r.shipment!.id);
  const selectable = content.filter((r) => r.shipment && ['PACKED', 'BOOKED'].includes(r.shipment.status));
  const allSelected = selectable.length > 0 && selectable.every((r) => selected.has(r.shipment!.id));
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const bookOne = (row: DeskRow) =>
    run(async () => {
      const s = await deskApi.book(row.shipment!.id);
      if (s.status === 'BOOKED')
        return {
          tone: 'ok',
          text: `${row.orderNumber} booked with ${s.courierName ?? s.carrier}: AWB ${s.awb}`,
        };
      if (s.status === 'BOOKING')
        return {
          tone: 'error',
          text: `${row.orderNumber}: the carrier is unreachable; the booking is retried.`,
        };
      return { tone: 'error', text: `${row.orderNumber}: ${s.lastBookingError ?? 'not booked'}` };
    });
  const bookSelected = () =>
    run(async () => {
      const result = await deskApi.bookMany(toBook);
      const names = new Map(content.map((r) => [r.shipment?.id, r.orderNumber]));
      return {
        tone: result.refused.length ? 'error' : 'ok',
        text: `${result.queued.length} queued for booking${result.refused.length ? `, ${result.refused.length} refused` : ''}.`,
        details: result.refused.map((r) => `${names.get(r.shipmentId) ?? `#${r.shipmentId}`}: ${r.message}`),
      };
    });

  const queue = filters.queue;
  const shipping = queue === 'TO_SHIP';
  const headers = [
    ...(shipping ? ['Select'] : []),
    'Order #',
    'Shop',
    'Customer',
    queue === 'TO_PACK' ? 'Units to pack' : 'Parcel',
    'Actions',
  ];

  return (
    <section className="space-y-4" aria-label="Fulfilment desk">
      <div role="group" aria-label="Queue" className="flex flex-wrap gap-2">
        {DESK_QUEUES.map((q) => (
          <button
            key={q}
            type="button"
            aria-pressed={queue === q}
            className={queue === q ? 'btn-primary' : 'btn-outline'}
            onClick={() => change({ queue: q })}
          >
            {DESK_QUEUE_LABELS[q]}
          </button>
        ))}
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <label className="flex min-w-0 flex-1 basis-48 flex-col gap-1 text-sm">
          <span className="font-medium">Shop</span>
          <select
            className="input"
            value={filters.vendorId}
            onChange={(e) => change({ vendorId: e.target.value })}
          >
            <option value="">All shops</option>
            {(shops.data ?? []).map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{DATE_MEANING[queue]} from</span>
          <input
            type="date"
            className="input"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => change({ from: e.target.value })}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">to</span>
          <input
            type="date"
            className="input"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => change({ to: e.target.value })}
          />
        </label>
        {(filters.vendorId || filters.from || filters.to) && (
          <button
            type="button"
            className="btn-outline"
            onClick={() => change({ vendorId: '', from: '', to: '' })}
          >
            Clear filters
          </button>
        )}
      </div>

      {shipping && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-sand bg-cream/60 p-3">
          <button
            type="button"
            className="btn-primary"
            disabled={busy || toBook.length === 0}
            onClick={() => void bookSelected()}
          >
            Book selected ({toBook.length})
          </button>
          <DownloadButton
            download={() => deskApi.manifest(forManifest)}
            className="btn-outline"
            disabled={forManifest.length === 0}
          >
            Pickup manifest ({forManifest.length})
          </DownloadButton>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={!withPrices} onChange={(e) => setWithPrices(!e.target.checked)} />
            Packing slips without prices
          </label>
        </div>
      )}
      {!shipping && queue !== 'TO_PACK' && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={!withPrices} onChange={(e) => setWithPrices(!e.target.checked)} />
          Packing slips without prices
        </label>
      )}

      {notice && (
        <div
          role={notice.tone === 'error' ? 'alert' : 'status'}
          className={`rounded-md border p-3 text-sm ${notice.tone === 'error' ? 'border-red-300 bg-red-50 text-red-800' : 'border-emerald-300 bg-emerald-50 text-emerald-900'}`}
        >
          <p>{notice.text}</p>
          {notice.details && notice.details.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {notice.details.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          )}
        </div>
      )}

      {rows.isPending && <p className="card p-6 text-center text-taupe">Loading...</p>}
      {rows.isError && (
        <p role="alert" className="card p-6 text-center text-red-700">
          The fulfilment desk could not be loaded: {errorMessage(rows.error)}
        </p>
      )}
      {rows.data && content.length === 0 && <p className="card p-6 text-center text-taupe">{EMPTY[queue]}</p>}
      {content.length > 0 && (
        <>
          <p className="text-sm text-taupe">
            {rows.data!.totalElements} {rows.data!.totalElements === 1 ? 'entry' : 'entries'}
          </p>
          <StackedTable headers={headers} minWidth="sm:min-w-[52rem]">
            {shipping && selectable.length > 0 && (
              <StackedRow>
                <StackedCell label="All">
                  <input
                    type="checkbox"
                    aria-label="Select every parcel on this page"
                    checked={allSelected}
                    onChange={() =>
                      setSelected(allSelected ? new Set() : new Set(selectable.map((r) => r.shipment!.id)))
                    }
                  />
                </StackedCell>
                <td
                  colSpan={headers.length - 1}
                  className="hidden px-3 py-2 text-xs text-taupe sm:table-cell"
                >
                  Select every parcel on this page
                </td>
              </StackedRow>
            )}
            {content.map((row) => (
              <DeskTableRow
                key={row.shipment ? `s${row.shipment.id}` : `o${row.orderId}`}
                row={row}
                queue={queue}
                selected={row.shipment ? selected.has(row.shipment.id) : false}
                onToggle={toggle}
                busy={busy}
                withPrices={withPrices}
                onOpen={() => openOrder(row.orderNumber)}
                onBook={() => void bookOne(row)}
              />
            ))}
          </StackedTable>
        </>
      )}
      {rows.data && <Pagination page={page} totalPages={rows.data.totalPages} onPageChange={setPage} />}
    </section>
  );
}

function DeskTableRow({
  row,
  queue,
  selected,
  onToggle,
  busy,
  withPrices,
  onOpen,
  onBook,
}: {
  row: DeskRow;
  queue: DeskQueue;
  selected: boolean;
  onToggle: (id: number) => void;
  busy: boolean;
  withPrices: boolean;
  onOpen: () => void;
  onBook: () => void;
}) {
  const s = row.shipment;
  const selectable = s && ['PACKED', 'BOOKED'].includes(s.status);
  return (
    <StackedRow>
      {queue === 'TO_SHIP' && (
        <StackedCell label="Select">
          {selectable && (
            <input
              type="checkbox"
              aria-label={`Select ${row.orderNumber}${s.awb ? ` (AWB ${s.awb})` : ''}`}
              checked={selected}
              onChange={() => onToggle(s.id)}
            />
          )}
        </StackedCell>
      )}
      <StackedCell label="Order #">
        <button
          type="button"
          className="link font-mono text-xs"
          onClick={onOpen}
          aria-label={`Open order ${row.orderNumber}`}
        >
          {row.orderNumber}
        </button>
        <p className="text-xs text-taupe">{formatDate(row.orderDate)}</p>
      </StackedCell>
      <StackedCell label="Shop">{row.vendor?.name ?? '—'}</StackedCell>
      <StackedCell label="Customer">
        <p className="[overflow-wrap:anywhere]">{row.customerName}</p>
        <p className="text-xs text-taupe">PIN {row.deliveryPin}</p>
      </StackedCell>
      {s ? (
        <StackedCell label="Parcel">
          <p className="font-medium">
            {SHIPMENT_STATUS_LABELS[s.status]}
            {s.courierName && <span className="font-normal text-taupe"> · {s.courierName}</span>}
          </p>
          {s.awb && <p className="font-mono text-xs">AWB {s.awb}</p>}
          <p className="text-xs text-taupe">
            Declared {formatInr(s.declaredValue)}
            {s.insured && ' · insured'}
            {s.otpDelivery && ' · delivery code'}
          </p>
          <p className="text-xs text-taupe">
            {s.lastEventAt
              ? `Last event ${formatDateTime(s.lastEventAt)}`
              : `Packed ${formatDateTime(s.packedAt)}`}
          </p>
          {s.exception && (
            <p className="mt-1 inline-block rounded bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
              {SHIPMENT_EXCEPTION_LABELS[s.exception]}
            </p>
          )}
          {s.inspectionOutcome && (
            <p
              className={`mt-1 inline-block rounded px-2 py-0.5 text-xs font-semibold ${
                s.inspectionOutcome === 'DISPUTED' ? 'bg-amber-50 text-amber-900' : 'bg-sand text-ink'
              }`}
            >
              {RTO_OUTCOME_BADGES[s.inspectionOutcome]}
            </p>
          )}
        </StackedCell>
      ) : (
        <StackedCell label="Units to pack">{row.unitsLeft}</StackedCell>
      )}
      <StackedCell label="Actions">
        <div className="flex flex-wrap gap-2">
          {!s && (
            <button
              type="button"
              className="btn-primary px-3 py-1"
              onClick={onOpen}
              aria-label={`Pack ${row.orderNumber}`}
            >
              Pack
            </button>
          )}
          {s?.status === 'PACKED' &&
            (s.needsCarrierConfirmation ? (
              <button type="button" className="btn-outline px-3 py-1" onClick={onOpen}>
                Choose carrier
              </button>
            ) : (
              <button
                type="button"
                className="btn-primary px-3 py-1"
                disabled={busy}
                onClick={onBook}
                aria-label={`Book ${row.orderNumber}`}
              >
                Book
              </button>
            ))}
          {s?.awb && (
            <DownloadButton download={() => deskApi.label(s.id, s.awb!)} className="btn-outline px-3 py-1">
              Print label
            </DownloadButton>
          )}
          {s && (
            <DownloadButton
              download={() => deskApi.packingSlip(s.id, withPrices)}
              className="btn-outline px-3 py-1"
            >
              Packing slip
            </DownloadButton>
          )}
        </div>
      </StackedCell>
    </StackedRow>
  );
}
