import type { APIRequestContext, Page } from '@playwright/test';
import { test as base, expect, acknowledge, env, signIn, uid, type Shop } from './fixtures';

/** The shop the orders are placed in and the product bought (with a commission for the shop). */
type Stall = { shop: Shop; sku: string };

const test = base.extend<{ stall: Stall }>({
  stall: async ({ makeShop, catalogue }, use) => {
    const shop = await makeShop();
    const product = await catalogue.product(await catalogue.category(), {
      name: `E2E Infinity Ring ${uid()}`,
      price: 2_399.99,
      vendorCommission: 120,
    });
    await use({ shop, sku: product.sku });
  },
});

/** A shopper's paid order through the public API: checkout, initiate, sandbox pay, confirm. */
async function placePaidOrder(request: APIRequestContext, { shop, sku }: Stall, customerName: string) {
  const checkout = await request.post(`/api/checkout?vendorSlug=${shop.slug}`, {
    data: [{ productSku: sku, quantity: 1 }],
  });
  expect(checkout.status()).toBe(201);
  const { checkoutId } = (await checkout.json()) as { checkoutId: string };
  const address = {
    fullName: customerName,
    street: '12 Residency Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
    postalCode: '560025',
    phone: '9876543210',
  };
  const initiated = await request.post('/api/orders/initiate-order', {
    data: {
      customerName,
      customerEmail: 'orders.e2e@example.in',
      customerPhone: '9876543210',
      vendorSlug: shop.slug,
      checkoutId,
      orderItems: [{ productSku: sku, quantity: 1 }],
      paymentMethod: 'RAZORPAY',
      shippingAddress: address,
      appliedCoupons: [],
    },
  });
  expect(initiated.ok(), await initiated.text()).toBeTruthy();
  const { orderNumber, razorpayOrderId, amount } = (await initiated.json()) as {
    orderNumber: string;
    razorpayOrderId: string;
    amount: number;
  };
  const paid = (await (
    await request.post('/sandbox/pay', { data: { orderId: razorpayOrderId } })
  ).json()) as Record<string, string>;
  const query = new URLSearchParams({
    razorpayOrderId: paid.razorpay_order_id!,
    razorpayPaymentId: paid.razorpay_payment_id!,
    razorpaySignature: paid.razorpay_signature!,
  });
  const confirmed = await request.post(`/api/orders/confirm-payment?${query.toString()}`);
  expect(await confirmed.json()).toMatchObject({ status: 'success' });
  return { orderNumber, amount };
}

const inr = (rupees: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(
    rupees,
  );

async function openSection(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `${name} Management` })).toBeVisible();
}

test('a super admin finds a paid order, moves it to processing and shipped, and sees its totals', async ({
  page,
  request,
  stall,
}) => {
  const customer = `Orders Shopper ${uid()}`;
  const { orderNumber, amount } = await placePaidOrder(request, stall, customer);
  await signIn(page, env.admin.username, env.admin.password);
  await openSection(page, 'Orders');

  await page.getByPlaceholder('Search orders...').fill(orderNumber);
  // The search has landed (the list shows this order alone): a status chosen on the row of the list
  // shown meanwhile is overwritten by the search's answer when it comes (an answer read before the change).
  await expect(page.getByRole('combobox', { name: /^Order status for / })).toHaveCount(1);
  const status = page.getByRole('combobox', { name: `Order status for ${orderNumber}` });
  await expect(status).toHaveValue('CONFIRMED');
  await expect(page.getByText(customer)).toBeVisible();

  await status.selectOption('PROCESSING');
  await acknowledge(page, 'Order status updated successfully');
  await expect(status).toHaveValue('PROCESSING');
  await status.selectOption('SHIPPED');
  await acknowledge(page, 'Order status updated successfully');
  await expect(status).toHaveValue('SHIPPED');
  await expect(status.getByRole('option')).toHaveText(['Shipped', 'Delivered']);

  await page.getByRole('button', { name: `View order ${orderNumber}` }).click();
  const info = page.getByRole('region', { name: 'Order Information' });
  await expect(info).toContainText('Shipped');
  await expect(info).toContainText('Captured');
  // Metal-priced lines carry paise; only the amount to pay is rounded up to the rupee.
  const subtotal = (await page.getByRole('row', { name: /^Subtotal/ }).textContent()) ?? '';
  expect(Math.ceil(Number(subtotal.replace(/[^0-9.]/g, '')))).toBe(amount);
  await expect(page.getByRole('row', { name: /^Total/ })).toContainText(inr(amount));
  await expect(page.getByRole('region', { name: 'Status History' })).toContainText(
    new RegExp(`Processing → Shipped\\s*by ${env.admin.username}`),
  );
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByPlaceholder('Search orders...')).toBeVisible();
});

/** The shop vendor's commission earned (rupees), as the admin's user view reports it. */
async function vendorCommission(adminRequest: APIRequestContext, shop: Shop): Promise<number> {
  const res = await adminRequest.get(`/api/user/${shop.id}`);
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { vendorStats: { revenue: number } }).vendorStats.revenue;
}

test('an admin cancels a paid order: the refund shows in its history and the vendor figures drop', async ({
  page,
  request,
  adminRequest,
  stall,
}) => {
  const before = await vendorCommission(adminRequest, stall.shop);
  const { orderNumber } = await placePaidOrder(request, stall, `Refund Shopper ${uid()}`);
  const earned = await vendorCommission(adminRequest, stall.shop);
  expect(earned).toBeGreaterThan(before);

  await signIn(page, env.admin.username, env.admin.password);
  await openSection(page, 'Orders');
  await page.getByPlaceholder('Search orders...').fill(orderNumber);
  // The search has landed (the list shows this order alone): a status chosen on the row of the list
  // shown meanwhile is overwritten by the search's answer when it comes (an answer read before the change).
  await expect(page.getByRole('combobox', { name: /^Order status for / })).toHaveCount(1);
  const status = page.getByRole('combobox', { name: `Order status for ${orderNumber}` });
  await expect(status).toHaveValue('CONFIRMED');
  await status.selectOption('CANCELLED');
  // Cancelling a paid order asks first: the amount, the refund and credit note, and a reason.
  const ask = page.getByRole('dialog', { name: 'Cancel Paid Order' });
  await expect(ask).toContainText('refunds ₹');
  await expect(ask).toContainText('credit note');
  await ask.getByLabel(/Reason/).fill('Shopper asked to cancel');
  await ask.getByRole('button', { name: /^Cancel and refund/ }).click();
  await acknowledge(page, 'Order status updated successfully');
  await expect(status).toHaveValue('CANCELLED');

  await page.getByRole('button', { name: `View order ${orderNumber}` }).click();
  await expect(page.getByRole('region', { name: 'Order Information' })).toContainText('Refunded');
  const history = page.getByRole('region', { name: 'Status History' });
  await expect(history).toContainText(
    new RegExp(`Captured → Refund Pending\\s*by ${env.admin.username}\\s*refund rfnd_`),
  );
  await expect(history).toContainText(/Refund Pending → Refunded/);
  await expect(history).toContainText('Reason: Shopper asked to cancel');
  expect(await vendorCommission(adminRequest, stall.shop)).toBe(before);
});

test('a super admin creates a coupon and deletes it', async ({ page }) => {
  const code = `E2E${uid().toUpperCase()}`;
  await signIn(page, env.admin.username, env.admin.password);
  await openSection(page, 'Coupons');

  await page.getByRole('button', { name: 'New Coupon' }).click();
  await expect(page.getByRole('heading', { name: 'Create Coupon' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Discount (₹)').fill('150');
  await page.getByLabel('Expiry Date').fill('2099-12-31T10:00');
  await page.getByLabel('Description').fill('End-to-end coupon');
  await save.click();
  // A quantity coupon has no minimum basket: its amount is named and confirmed before it is saved.
  const large = page.getByRole('dialog', { name: 'Save a large discount?' });
  await expect(large).toContainText('₹150.00 comes off any basket');
  await large.getByRole('button', { name: 'Save anyway' }).click();
  await acknowledge(page, 'Coupon created successfully');

  const card = page.getByRole('listitem').filter({ hasText: code });
  await expect(card).toContainText('Active');
  await expect(card).toContainText('₹150.00');
  await card.getByRole('button', { name: `Delete ${code}` }).click();
  const confirm = page
    .getByRole('dialog')
    .filter({ hasText: `Are you sure you want to delete coupon "${code}"?` });
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await acknowledge(page, 'Coupon deleted successfully');
  await expect(card).toHaveCount(0);
});
