import type { APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { test, expect, env, signIn, uid, shot } from './fixtures';

/** A shopper's paid order through the public API (checkout, initiate, sandbox pay, confirm): it gets an invoice. */
async function placePaidOrder(request: APIRequestContext, slug: string, sku: string) {
  const checkout = await request.post(`/api/checkout?vendorSlug=${slug}`, {
    data: [{ productSku: sku, quantity: 1 }],
  });
  expect(checkout.status()).toBe(201);
  const { checkoutId } = (await checkout.json()) as { checkoutId: string };
  const initiated = await request.post('/api/orders/initiate-order', {
    data: {
      customerName: 'Report Shopper',
      customerEmail: 'reports.e2e@example.in',
      customerPhone: '9876543210',
      vendorSlug: slug,
      checkoutId,
      orderItems: [{ productSku: sku, quantity: 1 }],
      paymentMethod: 'RAZORPAY',
      shippingAddress: {
        fullName: 'Report Shopper',
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
  const { razorpayOrderId } = (await initiated.json()) as { razorpayOrderId: string };
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
}

/** This month in India time, as the month picker writes it. */
const thisMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(
    new Date(),
  );

test('an admin opens Reports, picks the month and downloads the GSTR-1 sales register as xlsx', async ({
  page,
  request,
  makeShop,
  catalogue,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const shop = await makeShop();
  const product = await catalogue.product(await catalogue.category(), {
    name: `E2E Report Ring ${uid()}`,
    price: 5_150,
  });
  await placePaidOrder(request, shop.slug, product.sku);

  await signIn(page, env.admin.username, env.admin.password);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name: 'Reports', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'GSTR-1 sales register' })).toBeVisible();
  await page.getByLabel('Month').fill(thisMonth());
  const invoices = page.getByRole('row', { name: /^Invoices/ });
  await expect(invoices).toBeVisible();
  await expect(invoices).not.toContainText(/^Invoices\s*All invoices issued in the month\s*0/);
  await shot(page, test.info().outputPath('reports-1280.png'), { fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download register (xlsx)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`gstr1-sales-register-${thisMonth()}.xlsx`);
  // An xlsx is a zip whose parts name each sheet (the server tests parse the register back with exceljs).
  const file = readFileSync(await download.path());
  expect(file.subarray(0, 2).toString()).toBe('PK');
  expect(file.toString('latin1')).toContain('xl/worksheets/sheet8.xml');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Download register (xlsx)' })).toBeVisible();
  await shot(page, test.info().outputPath('reports-390.png'), { fullPage: true });
});
