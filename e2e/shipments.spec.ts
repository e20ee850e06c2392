import type { APIRequestContext, Page } from '@playwright/test';
import { test as base, expect, env, signIn, uid, type Shop } from './fixtures';

type Stall = { shop: Shop; sku: string };

const test = base.extend<{ stall: Stall }>({
  stall: async ({ makeShop, catalogue }, use) => {
    const shop = await makeShop();
    const product = await catalogue.product(await catalogue.category(), {
      name: `E2E Shipped Bangle ${uid()}`,
      price: 4_999,
    });
    await use({ shop, sku: product.sku });
  },
});

async function placePaidOrder(request: APIRequestContext, { shop, sku }: Stall, customerName: string) {
  const checkout = await request.post(`/api/checkout?vendorSlug=${shop.slug}`, {
    data: [{ productSku: sku, quantity: 1 }],
  });
  const { checkoutId } = (await checkout.json()) as { checkoutId: string };
  const initiated = await request.post('/api/orders/initiate-order', {
    data: {
      customerName,
      customerEmail: 'shipments.e2e@example.in',
      customerPhone: '9876543210',
      vendorSlug: shop.slug,
      checkoutId,
      orderItems: [{ productSku: sku, quantity: 1 }],
      paymentMethod: 'RAZORPAY',
      shippingAddress: {
        fullName: customerName,
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

async function openOrder(page: Page, orderNumber: string) {
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name: 'Orders', exact: true })
    .click();
  await page.getByPlaceholder('Search orders...').fill(orderNumber);
  await page.getByRole('button', { name: `View order ${orderNumber}` }).click();
}

test('an admin packs, books and the sandbox carrier delivers a paid order; the order follows', async ({
  page,
  request,
  stall,
}) => {
  const orderNumber = await placePaidOrder(request, stall, `Shipment Shopper ${uid()}`);
  await signIn(page, env.admin.username, env.admin.password);
  await openOrder(page, orderNumber);
  const section = page.getByRole('region', { name: 'Shipments' });
  await expect(section).toContainText('0 of 1 packed, 1 left');
  await section.getByLabel('Seal number').fill('SEAL-E2E-1');
  await section.getByLabel('Packed weight (grams)').fill('240');
  await section.getByRole('button', { name: 'Pack shipment' }).click();
  const card = section.getByRole('article');
  await expect(card).toContainText('Packed');
  await card.getByRole('button', { name: 'Book shipment' }).click();
  await expect(card).toContainText(/ZVS\d{10}/);
  await page.screenshot({
    path: `${process.env.SHOT_DIR ?? '/tmp'}/shipments-booked-${page.viewportSize()!.width}.png`,
    fullPage: true,
  });
  for (const step of ['Picked up', 'In transit', 'Out for delivery', 'Delivered']) {
    await card.getByRole('button', { name: step, exact: true }).click();
    await expect(card.getByRole('list', { name: /Timeline/ })).toContainText(step);
  }
  await expect(page.getByRole('region', { name: 'Order Information' })).toContainText('Delivered');
  await page.screenshot({
    path: `${process.env.SHOT_DIR ?? '/tmp'}/shipments-delivered-${page.viewportSize()!.width}.png`,
    fullPage: true,
  });
});
