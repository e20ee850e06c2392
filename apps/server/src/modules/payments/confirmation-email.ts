import { formatInr, paiseToRupees, roundOffOf } from '@zevar/domain';
import type { Tx } from '../../db/client';
import type { orderItems, orders } from '../../db/schema';
import { findTemplateByName } from '../email-templates';
import { findVendorAccount } from '../users';
import { queueEmail } from '../mail';
import { DEFAULT_ORDER_CONFIRMATION, itemsTableHtml, renderSubject, renderTemplate } from '../mail';

type Order = typeof orders.$inferSelect;
type Item = typeof orderItems.$inferSelect;

const money = (paise: number) => formatInr(paiseToRupees(paise));

/** Queues the order-confirmation email once per order (dedupe key), from the editable template. */
export async function queueOrderConfirmation(
  tx: Tx,
  order: Order,
  items: Item[],
  timeZone: string,
  invoice?: { id: number; filename: string },
): Promise<void> {
  const template = await findTemplateByName(tx, 'order-confirmation');
  const a = order.shippingAddress;
  const vendor = order.vendorId ? await findVendorAccount(tx, order.vendorId) : undefined;
  const itemsTable = itemsTableHtml(
    items.map((i) => ({ name: i.productName, quantity: i.quantity, total: money(i.totalPricePaise) })),
  );
  const variables: Record<string, string> = {
    customerName: order.customerName,
    orderNumber: order.orderNumber,
    orderId: order.id,
    orderDate: order.createdAt.toLocaleDateString('en-IN', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone,
    }),
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
  };
  await queueEmail(tx, {
    dedupeKey: `order-confirmation:${order.id}`,
    to: order.customerEmail,
    subject: renderSubject(template?.subject ?? DEFAULT_ORDER_CONFIRMATION.subject, variables),
    html: renderTemplate(template?.body ?? DEFAULT_ORDER_CONFIRMATION.body, variables),
    attachments: invoice
      ? [{ kind: 'tax-document', documentId: invoice.id, filename: invoice.filename }]
      : [],
  });
}
