import type { APIRequestContext } from '@playwright/test';
import { expect, outboxMessages } from './fixtures';

/**
 * A paid order through the API, as the storefront makes it: a checkout, the order initiated with a
 * Bengaluru address, paid in the sandbox payment window and confirmed. Answers the order number.
 */
export async function placePaidOrder(
  request: APIRequestContext,
  item: { shopSlug: string; sku: string },
  buyer: { name: string; email: string },
): Promise<string> {
  const checkout = await request.post(`/api/checkout?vendorSlug=${item.shopSlug}`, {
    data: [{ productSku: item.sku, quantity: 1 }],
  });
  const { checkoutId } = (await checkout.json()) as { checkoutId: string };
  const initiated = await request.post('/api/orders/initiate-order', {
    data: {
      customerName: buyer.name,
      customerEmail: buyer.email,
      customerPhone: '9876543210',
      vendorSlug: item.shopSlug,
      checkoutId,
      orderItems: [{ productSku: item.sku, quantity: 1 }],
      paymentMethod: 'RAZORPAY',
      shippingAddress: {
        fullName: buyer.name,
        street: '12 Residency Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        country: 'India',
        postalCode: '560025',
        phone: '9876543210',
      },
      appliedCoupons: [],
    },
  });
  expect(initiated.ok(), await initiated.text()).toBeTruthy();
  const { orderNumber, razorpayOrderId } = (await initiated.json()) as {
    orderNumber: string;
    razorpayOrderId: string;
  };
  const paid = (await (
    await request.post('/sandbox/pay', { data: { orderId: razorpayOrderId } })
  ).json()) as Record<string, string>;
  const query = new URLSearchParams({
    razorpayOrderId: paid.razorpay_order_id!,
    razorpayPaymentId: paid.razorpay_payment_id!,
    razorpaySignature: paid.razorpay_signature!,
  });
  await request.post(`/api/orders/confirm-payment?${query.toString()}`);
  return orderNumber;
}

/** The newest outbox mail whose text has `needle`, its quoted-printable soft breaks and `=3D` undone. */
export function newestMailWith(needle: string): string | undefined {
  return outboxMessages()
    .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((m) => m.includes(needle))
    .at(-1);
}

/** The 6-digit code in a mail (tracking code, delivery code). */
export const codeIn = (mail: string | undefined) => mail?.match(/<strong>(\d{6})<\/strong>/)?.[1];

/**
 * The tracking code the buyer was mailed for the order (the outbox job writes it every 15 s: waits
 * well past one run).
 */
export async function trackingCodeFor(orderNumber: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => (code = codeIn(newestMailWith(`Your Zevar tracking code: ${orderNumber}`))), {
      timeout: 45_000,
    })
    .toMatch(/^\d{6}$/);
  return code!;
}
