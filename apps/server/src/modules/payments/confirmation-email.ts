import { formatInr, formatZonedDate, paiseToRupees, roundOffOf } from '@zevar/domain';
import type { Tx } from '../../db/client';
import type { orderItems, orders } from '../../db/schema';
import { confirmationSourcesOf, type ConfirmationSources } from './confirmation-sources.read-model';
import { queueEmail } from '../mail';
import { signedOrderLinks } from '../orders';
import { trackPageUrl } from '../tracking';
import type { Config } from '../../env';
import { DEFAULT_ORDER_CONFIRMATION, itemsTableHtml, renderSubject, renderTemplate } from '../mail';

type Order = typeof orders.$inferSelect;
type Item = typeof orderItems.$inferSelect;

const money = (paise: number) => formatInr(paiseToRupees(paise));

/**
 * The rendered body; a saved template that does not place the order's signed links itself gets them
 * as a last paragraph, so every confirmation lets the buyer open the order and invoice elsewhere.
 */
function withOrderLinks(body: string, variables: Record<string, string>): string {
  const line = (name: string) =>
    DEFAULT_ORDER_CONFIRMATION.body.split('\n').find((l) => l.includes(`{{${name}}}`))!;
  const missing = [
    ...(/orderLink|invoiceLink/.test(body) ? [] : [line('orderLink')]),
    // The tracking page (issue 22 item 5), with the order number filled in.
    ...(/trackLink/.test(body) ? [] : [line('trackLink')]),
  ];
  return renderTemplate([body, ...missing].join('\n'), variables);
}

/**
 * What the confirmation is made from besides the order: the editable template and the shop. Read
 * (and the mail queued) before the invoice is numbered, so the invoice series row stays locked only
 * for the numbering statement (decisions 0065, 0076).
 */
export async function confirmationSources(tx: Tx, order: Order): Promise<ConfirmationSources> {
  return confirmationSourcesOf(tx, 'order-confirmation', order.vendorId);
}

/** Queues the order-confirmation email once per order (dedupe key), from the editable template. */
export async function queueOrderConfirmation(
  tx: Tx,
  order: Order,
  items: Item[],
  config: Config,
  now: Date,
  /** The order is invoiced in this transaction (after this mail is queued): linked and attached. */
  invoiced: boolean,
  sources?: Awaited<ReturnType<typeof confirmationSources>>,
): Promise<void> {
  const timeZone = config.BUSINESS_TIMEZONE;
  // Signed and expiring (decision 0033): the mail may be forwarded or read on another device.
  const links = signedOrderLinks(config, order, now);
  const { template, vendor } = sources ?? (await confirmationSources(tx, order));
  const a = order.shippingAddress;
  const itemsTable = itemsTableHtml(
    items.map((i) => ({ name: i.productName, quantity: i.quantity, total: money(i.totalPricePaise) })),
  );
  const variables: Record<string, string> = {
    customerName: order.customerName,
    orderNumber: order.orderNumber,
    orderId: order.id,
    // '5 September 2026', as toLocaleDateString writes it, without building a formatter per mail.
    orderDate: formatZonedDate(order.createdAt, timeZone, 'longDate'),
    totalAmount: money(order.totalAmountPaise),
    couponDiscount: money(order.couponDiscountPaise),
    shippingCost: money(order.shippingCostPaise),
    roundOff: money(
      roundOffOf({
        subtotalPaise: order.totalAmountPaise,
        discountPaise: order.couponDiscountPaise,
        shippingPaise: order.shippingCostPaise,
        finalPaise: order.finalAmountPaise,
      }),
    ),
    finalAmount: money(order.finalAmountPaise),
    paymentId: order.paymentId ?? '',
    vendorSlug: order.vendorSlug,
    shippingAddress: [a.fullName, a.street, a.city, a.state, a.postalCode, a.country, a.phone]
      .filter(Boolean)
      .join(', '),
    itemsTable,
    items: itemsTable,
    subtotal: money(order.totalAmountPaise),
    discount: money(order.couponDiscountPaise),
    total: money(order.finalAmountPaise),
    vendorName: vendor?.businessName || vendor?.name || 'Zevar',
    orderLink: links.orderUrl,
    invoiceLink: invoiced ? links.invoiceUrl : links.orderUrl,
    trackLink: trackPageUrl(config, order),
    linksValidUntil: formatZonedDate(links.expiresAt, timeZone, 'longDate'),
  };
  await queueEmail(tx, {
    dedupeKey: `order-confirmation:${order.id}`,
    to: order.customerEmail,
    subject: renderSubject(template?.subject ?? DEFAULT_ORDER_CONFIRMATION.subject, variables),
    html: withOrderLinks(template?.body ?? DEFAULT_ORDER_CONFIRMATION.body, variables),
    attachments: invoiced ? [{ kind: 'order-invoice', orderId: order.id }] : [],
  });
}
