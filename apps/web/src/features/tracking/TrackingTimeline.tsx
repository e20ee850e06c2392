import {
  SHIPMENT_EVENT_LABELS,
  TRACK_ORDER_STATUS,
  TRACK_TEXT,
  type TrackingShipment,
  type TrackingView,
} from '@zevar/domain';
import { formatDateTime, formatLongDate } from '../../lib/format';

/**
 * A delivery day (yyyy-mm-dd) as formatDeliveryDate in @zevar/domain writes it ('Tue, 1 Dec'), kept
 * here so this page shares no chunk with the product page's delivery box (every shared chunk is listed
 * in the storefront's first script).
 */
const deliveryDay = (isoDate: string) =>
  new Intl.DateTimeFormat('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));

function Parcel({ parcel, index, count }: { parcel: TrackingShipment; index: number; count: number }) {
  const events = [...parcel.events].reverse();
  return (
    <section className="card p-5" aria-label={count > 1 ? `Parcel ${index + 1} of ${count}` : 'Your parcel'}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg">
          {count > 1 ? `Parcel ${index + 1} of ${count}` : 'Your parcel'}
          {parcel.status && (
            <span className="ml-2 rounded-full bg-sand px-2 py-0.5 align-middle text-xs font-semibold">
              {SHIPMENT_EVENT_LABELS[parcel.status]}
            </span>
          )}
        </h2>
        {parcel.expectedDelivery && (
          <p className="text-sm">
            {TRACK_TEXT.expectedDelivery}: <strong>{deliveryDay(parcel.expectedDelivery)}</strong>
          </p>
        )}
      </div>
      {parcel.items.length > 0 && (
        <p className="mt-1 text-sm text-taupe">
          {parcel.items.map((i) => `${i.name} × ${i.quantity}`).join(', ')}
        </p>
      )}
      {(parcel.awb || parcel.courierName) && (
        <p className="mt-2 text-sm break-words">
          {parcel.courierName}
          {parcel.awb && (
            <>
              {parcel.courierName ? ' · ' : ''}
              {TRACK_TEXT.awb}: <span className="font-mono">{parcel.awb}</span>
            </>
          )}
          {parcel.trackingUrl && (
            <>
              {' · '}
              <a href={parcel.trackingUrl} target="_blank" rel="noopener noreferrer" className="link">
                {TRACK_TEXT.trackWithCourier}
              </a>
            </>
          )}
        </p>
      )}
      {events.length > 0 && (
        <ol className="mt-4 space-y-3 border-l-2 border-sand pl-4">
          {events.map((e, i) => (
            <li key={`${e.type}-${e.at}-${i}`} className="relative">
              <span
                aria-hidden="true"
                className={`absolute top-1.5 -left-[1.4rem] size-3 rounded-full ${i === 0 ? 'bg-gold-600' : 'bg-sand'}`}
              />
              <p className="text-sm font-semibold">{e.label}</p>
              <p className="text-xs text-taupe">
                <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                {e.location && ` · ${e.location}`}
              </p>
              {e.note && <p className="text-xs text-taupe">{e.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** An order's parcels and their journeys, newest event first, times in the business timezone. */
export function TrackingTimeline({ view }: { view: TrackingView }) {
  return (
    <div className="space-y-4">
      <dl className="card grid gap-3 p-5 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-taupe">{TRACK_TEXT.orderNumberLabel}</dt>
          <dd className="font-semibold break-all" data-testid="track-order-number">
            {view.orderNumber}
          </dd>
        </div>
        <div>
          <dt className="text-taupe">Ordered on</dt>
          <dd className="font-semibold">{formatLongDate(view.orderDate)}</dd>
        </div>
        <div>
          <dt className="text-taupe">Status</dt>
          <dd className="font-semibold">{TRACK_ORDER_STATUS[view.status]}</dd>
        </div>
        {view.expectedDelivery && (
          <div className="sm:col-span-3">
            <dt className="text-taupe">{TRACK_TEXT.expectedDelivery}</dt>
            <dd className="text-base font-semibold text-gold-700">{deliveryDay(view.expectedDelivery)}</dd>
          </div>
        )}
      </dl>
      {view.shipments.length === 0 ? (
        <p className="card p-5 text-sm text-taupe">{TRACK_TEXT.noShipments}</p>
      ) : (
        view.shipments.map((s, i) => <Parcel key={s.id} parcel={s} index={i} count={view.shipments.length} />)
      )}
    </div>
  );
}
