import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, env, signIn, uid, shot } from './fixtures';

/** A shopper's paid order through the public API (checkout, initiate, sandbox pay, confirm). */
async function placePaidOrder(
  request: APIRequestContext,
  shop: { slug: string },
  sku: string,
  customer: { name: string; email: string; phone: string },
) {
  const checkout = await request.post(`/api/checkout?vendorSlug=${shop.slug}`, {
    data: [{ productSku: sku, quantity: 1 }],
  });
  expect(checkout.status()).toBe(201);
  const { checkoutId } = (await checkout.json()) as { checkoutId: string };
  const initiated = await request.post('/api/orders/initiate-order', {
    data: {
      customerName: customer.name,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      vendorSlug: shop.slug,
      checkoutId,
      orderItems: [{ productSku: sku, quantity: 1 }],
      paymentMethod: 'RAZORPAY',
      shippingAddress: {
        fullName: customer.name,
        street: '12 Residency Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        country: 'India',
        postalCode: '560025',
        phone: customer.phone,
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
  const confirmed = await request.post(`/api/orders/confirm-payment?${query.toString()}`);
  expect(await confirmed.json()).toMatchObject({ status: 'success' });
  return orderNumber;
}

/** The admin home's figures as the server gives them to the signed-in admin. */
async function todayFigures(adminRequest: APIRequestContext) {
  const res = await adminRequest.get('/api/admin/today');
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as { stock: { low: number; out: number } };
}

async function lowStockTileOpensTheList(page: Page, adminRequest: APIRequestContext, productName: string) {
  const today = page.getByRole('region', { name: 'Today' });
  const tile = today.getByRole('link', { name: /^Low stock/ });
  await expect(tile).toBeVisible();
  // Journeys running beside this one add and sell stock: the tile must show the figure the server
  // gives at the time; when it moved between the two, the home is loaded again and compared again.
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    const { stock } = await todayFigures(adminRequest);
    expect(stock.low).toBeGreaterThan(0);
    await expect(tile).toContainText(String(stock.low), { timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await tile.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products Management' })).toBeVisible();
  await expect(today).toBeHidden();
  await expect(page.getByLabel('Filter by stock')).toHaveValue('low');
  await page.getByPlaceholder('Search products...').fill(productName);
  await expect(page.getByText(productName).first()).toBeVisible();
}

test.describe('admin home at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a tile shows the day’s figure and opens its filtered list', async ({
    page,
    adminRequest,
    catalogue,
  }) => {
    const product = await catalogue.product(await catalogue.category(), {
      name: `E2E Low Stock Bangle ${uid()}`,
      stock: 2,
    });
    await signIn(page, env.admin.username, env.admin.password);
    await expect(page.getByRole('region', { name: 'Today' }).getByRole('link').first()).toBeVisible();
    await shot(page, `${env.dataDir}/today-1280.png`, { fullPage: false });
    await lowStockTileOpensTheList(page, adminRequest, product.name);
    await shot(page, `${env.dataDir}/today-products-1280.png`, { fullPage: false });
  });

  test('an admin records a note on a customer built from orders, and sees it with who and when', async ({
    page,
    request,
    makeShop,
    catalogue,
  }) => {
    const shop = await makeShop();
    const product = await catalogue.product(await catalogue.category(), { name: `E2E Note Ring ${uid()}` });
    const tag = uid();
    const customer = { name: `Note Shopper ${tag}`, email: `note.${tag}@example.in`, phone: '9812345678' };
    await placePaidOrder(request, shop, product.sku, customer);
    await placePaidOrder(request, shop, product.sku, customer);

    await signIn(page, env.admin.username, env.admin.password);
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('button', { name: 'Customers' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Customers Management' })).toBeVisible();
    await page.getByLabel('Search customers').fill(tag);
    const row = page.getByRole('row').filter({ hasText: customer.email });
    await expect(row).toContainText('2');
    await row.getByRole('button', { name: customer.name }).click();
    await expect(page.getByRole('heading', { name: customer.name })).toBeVisible();
    await page.getByLabel('New note').fill('Asked for gift wrapping on every order');
    await page.getByRole('button', { name: 'Save note' }).click();
    const notes = page.getByRole('region', { name: 'Internal notes' });
    await expect(notes).toContainText('Asked for gift wrapping on every order');
    await expect(notes).toContainText(/· \d{1,2} \w{3,4} \d{4}/);
    await shot(page, `${env.dataDir}/customer-1280.png`, { fullPage: true });

    // Saved on the server: back to the list and in again, the note is still there.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page
      .getByRole('row')
      .filter({ hasText: customer.email })
      .getByRole('button', { name: customer.name })
      .click();
    await expect(page.getByRole('region', { name: 'Internal notes' })).toContainText(
      'Asked for gift wrapping on every order',
    );
  });
});

test.describe('admin home at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a tile shows the figure and opens its filtered list on a phone', async ({
    page,
    adminRequest,
    catalogue,
  }) => {
    const product = await catalogue.product(await catalogue.category(), {
      name: `E2E Phone Low Stock ${uid()}`,
      stock: 1,
    });
    await signIn(page, env.admin.username, env.admin.password);
    await expect(page.getByRole('region', { name: 'Today' }).getByRole('link').first()).toBeVisible();
    await shot(page, `${env.dataDir}/today-390.png`, { fullPage: true });
    await lowStockTileOpensTheList(page, adminRequest, product.name);
    await shot(page, `${env.dataDir}/today-products-390.png`, { fullPage: false });
  });
});
