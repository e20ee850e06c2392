import { deliveryDate, formatDeliveryDate, zonedIsoDate, type ShipmentEventType } from '@zevar/domain';
import type { AppContext } from '../../context';
import { findTemplateByName } from '../email-templates';
import {
  DEFAULT_SHIPMENT_TEMPLATES,
  DELIVERY_CODE_NOTE,
  escapeHtml,
  queueEmail,
  renderSubject,
  renderTemplate,
  type ShipmentTemplateName,
} from '../mail';
import { parcelForMail } from './shipments.read-model';
import { carrierTrackingUrl, trackPageUrl } from './track-link';
import { createDeliveryEstimates } from '../delivery';

/** The events a buyer is mailed about, and the template each one is written with. */
const MAIL_FOR: Partial<Record<ShipmentEventType, ShipmentTemplateName>> = {
  BOOKED: 'shipment-booked',
  OUT_FOR_DELIVERY: 'shipment-out-for-delivery',
  DELIVERED: 'shipment-delivered',
};

export type ShipmentEventNotice = { shipmentId: number; orderId: string; type: ShipmentEventType };

type Deps = Pick<AppContext, 'db' | 'config' | 'now' | 'cache' | 'log' | 'carrier'>;

/**
 * The shipment mails (issue 22 item 5): `notifyShipmentEvent` queues the mail for a shipment's
 * booking, its going out for delivery and its delivery, from the editable templates (the defaults
 * until an admin saves one of that name), once per shipment and event however often it is called.
 * Other events send nothing. True when a mail was queued by this call.
 */
export function createShipmentMails(deps: Deps) {
  const delivery = createDeliveryEstimates(deps);
  const zone = deps.config.BUSINESS_TIMEZONE;
  const when = (d: Date) =>
    d.toLocaleString('en-IN', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: zone,
    });

  return async function notifyShipmentEvent(input: ShipmentEventNotice): Promise<boolean> {
    const name = MAIL_FOR[input.type];
    if (!name) return false;
    const parcel = await parcelForMail(deps.db, input.shipmentId, input.orderId);
    if (!parcel) return false;
    const transit =
      input.type === 'BOOKED'
        ? await delivery.transitDays(parcel.shippingAddress.postalCode, parcel.vendorSlug)
        : null;
    const expected =
      transit === null
        ? 'we will email you when it is out for delivery'
        : formatDeliveryDate(
            deliveryDate(zonedIsoDate(parcel.pickupAt ?? parcel.bookedAt ?? deps.now(), zone), 0, transit),
          );
    const items = `<ul>${parcel.items.map((i) => `<li>${escapeHtml(i.name)} × ${i.quantity}</li>`).join('')}</ul>`;
    const variables: Record<string, string> = {
      customerName: parcel.customerName,
      orderNumber: parcel.orderNumber,
      courierName: parcel.courierName ?? 'our courier',
      awb: parcel.awb ?? '',
      trackingLink: carrierTrackingUrl(deps.config, parcel, parcel.trackingUrl, { absolute: true }),
      trackPageLink: trackPageUrl(deps.config, parcel),
      expectedDelivery: expected,
      deliveryCodeNote: parcel.otpDelivery && input.type !== 'DELIVERED' ? DELIVERY_CODE_NOTE : '',
      deliveredAt: when(parcel.deliveredAt ?? deps.now()),
      items,
      itemsTable: items,
    };
    const template = (await findTemplateByName(deps.db, name)) ?? DEFAULT_SHIPMENT_TEMPLATES[name];
    return queueEmail(deps.db, {
      dedupeKey: `${name}:${parcel.id}`,
      to: parcel.customerEmail,
      subject: renderSubject(template.subject, variables),
      html: renderTemplate(template.body, variables),
    });
  };
}
