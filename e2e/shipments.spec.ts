import type { APIRequestContext, Page } from '@playwright/test';
import { test as base, expect, env, signIn, uid, type Shop, shot } from './fixtures';
import { codeIn, newestMailWith, placePaidOrder, trackingCodeFor } from './paid-order';

type Stall = { shop: Shop; sku: string; slug: string };

const test = base.extend<{ stall: Stall }>({
  stall: async ({ makeShop, catalogue }, use) => {
    const shop = await makeShop();
    const product = await catalogue.product(await catalogue.category(), {
      name: `E2E Shipped Bangle ${uid()}`,
      price: 4_999,
    });
    await use({ shop, sku: product.sku, slug: product.slug });
  },
});

const paidOrder = (request: APIRequestContext, { shop, sku }: Stall, name: string) =>
  placePaidOrder(request, { shopSlug: shop.slug, sku }, { name, email: 'shipments.e2e@example.in' });

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
  const orderNumber = await paidOrder(request, stall, `Shipment Shopper ${uid()}`);
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
  await shot(page, `${process.env.SHOT_DIR ?? '/tmp'}/shipments-booked-${page.viewportSize()!.width}.png`, {
    fullPage: true,
  });
  for (const step of ['Picked up', 'In transit', 'Out for delivery', 'Delivered']) {
    await card.getByRole('button', { name: step, exact: true }).click();
    await expect(card.getByRole('list', { name: /Timeline/ })).toContainText(step);
  }
  await expect(page.getByRole('region', { name: 'Order Information' })).toContainText('Delivered');
  await shot(
    page,
    `${process.env.SHOT_DIR ?? '/tmp'}/shipments-delivered-${page.viewportSize()!.width}.png`,
    { fullPage: true },
  );
});

const shotOf = (page: Page, name: string) =>
  shot(page, `${process.env.SHOT_DIR ?? '/tmp'}/${name}-${page.viewportSize()!.width}.png`, {
    fullPage: true,
  });

test('the fulfilment desk packs, books and prints the label; the courier delivers against the code; the buyer follows it on /track at 390 px', async ({
  page,
  browser,
  request,
  adminRequest,
  makeShop,
  catalogue,
}) => {
  test.setTimeout(300_000);
  const shop = await makeShop();
  // Above ₹50,000 declared: insured and handed over only against the buyer's delivery code.
  const product = await catalogue.product(await catalogue.category(), {
    name: `E2E Desk Necklace ${uid()}`,
    price: 64_000,
  });
  const orderNumber = await paidOrder(
    request,
    { shop, sku: product.sku, slug: product.slug },
    `Desk Shopper ${uid()}`,
  );

  await signIn(page, env.admin.username, env.admin.password);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name: 'Fulfilment', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Fulfilment Management' })).toBeVisible();
  const desk = page.getByRole('region', { name: 'Fulfilment desk' });
  await desk.getByLabel('Shop').selectOption({ label: `E2E Jewels ${shop.slug}` });
  await expect(desk.getByRole('button', { name: `Open order ${orderNumber}` })).toBeVisible();
  await shotOf(page, 'desk-to-pack');

  // Pack from the order the desk opens, then back to the desk.
  await desk.getByRole('button', { name: `Pack ${orderNumber}` }).click();
  const section = page.getByRole('region', { name: 'Shipments' });
  await section.getByLabel('Seal number').fill('SEAL-DESK-1');
  await section.getByLabel('Packed weight (grams)').fill('180');
  await section.getByRole('button', { name: 'Pack shipment' }).click();
  await expect(section.getByRole('article')).toContainText('Packed');
  await page.getByRole('button', { name: 'Back', exact: true }).click();

  await desk.getByRole('button', { name: 'To ship', exact: true }).click();
  await desk.getByRole('button', { name: `Book ${orderNumber}` }).click();
  await expect(desk.getByRole('status')).toContainText(`${orderNumber} booked`);
  const awb = (await desk
    .getByText(/AWB ZVS\d{10}/)
    .first()
    .textContent())!.match(/ZVS\d{10}/)![0];
  await expect(desk).toContainText('delivery code');

  const [label] = await Promise.all([
    page.waitForEvent('download'),
    desk.getByRole('button', { name: 'Print label' }).click(),
  ]);
  expect(label.suggestedFilename()).toBe(`label-${awb}.pdf`);
  const pdf = await label.createReadStream().then(
    (s) =>
      new Promise<Buffer>((resolve, reject) => {
        const parts: Buffer[] = [];
        s.on('data', (c: Buffer) => parts.push(c));
        s.on('end', () => resolve(Buffer.concat(parts)));
        s.on('error', reject);
      }),
  );
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // The pickup manifest of the selected parcel.
  await desk.getByRole('checkbox', { name: `Select ${orderNumber} (AWB ${awb})` }).check();
  const [manifest] = await Promise.all([
    page.waitForEvent('download'),
    desk.getByRole('button', { name: 'Pickup manifest (1)' }).click(),
  ]);
  expect(manifest.suggestedFilename()).toMatch(/^manifest-.*\.pdf$/);
  await shotOf(page, 'desk-to-ship');
  await page.setViewportSize({ width: 390, height: 844 });
  await shotOf(page, 'desk-to-ship');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The sandbox courier: picked up, on its way, out for delivery, and delivered against the code.
  const step = (type: string, otp?: string) =>
    adminRequest.post(`/api/shipping/sandbox/${awb}/events`, { data: { type, ...(otp ? { otp } : {}) } });
  for (const type of ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY'])
    expect((await step(type)).status()).toBe(200);
  expect((await step('DELIVERED')).status()).not.toBe(200);
  let deliveryCode: string | undefined;
  await expect
    .poll(() => (deliveryCode = codeIn(newestMailWith(`Your delivery code for order ${orderNumber}`))), {
      timeout: 30_000,
    })
    .toMatch(/^\d{6}$/);
  const delivered = await step('DELIVERED', deliveryCode);
  expect(delivered.status(), await delivered.text()).toBe(200);
  expect(((await delivered.json()) as { otpVerified: boolean }).otpVerified).toBe(true);

  await desk.getByRole('button', { name: 'Delivered', exact: true }).click();
  await expect(desk.getByRole('button', { name: `Open order ${orderNumber}` })).toBeVisible();
  await desk.getByRole('button', { name: `Open order ${orderNumber}` }).click();
  await expect(
    page.getByRole('region', { name: 'Shipments' }).getByRole('list', { name: /Timeline/ }),
  ).toContainText('Delivered');

  // The buyer, on a phone, opens the courier's link: /track with the order filled in.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: env.baseURL });
  const buyer = await phone.newPage();
  await buyer.goto(`/${shop.slug}/track?order=${orderNumber}&awb=${awb}`);
  await expect(buyer.getByLabel('Order number')).toHaveValue(orderNumber);
  await buyer.getByLabel('Email or phone number').fill('shipments.e2e@example.in');
  await buyer.getByRole('button', { name: 'Send code' }).click();
  const trackingCode = await trackingCodeFor(orderNumber);
  await buyer.getByLabel('Code', { exact: true }).fill(trackingCode);
  await buyer.getByRole('button', { name: 'Show my order' }).click();
  await expect(buyer.getByText(awb).first()).toBeVisible();
  await expect(buyer.locator('body')).toContainText('Delivered');
  const width = await buyer.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await shotOf(buyer, 'track-delivered');
  await phone.close();

  // The shop's vendor sees where the parcel is, with the tracking link (the order filled in).
  // (Its own browser: signing the admin out would end the session the fixtures clean up with.)
  const vendorContext = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    baseURL: env.baseURL,
  });
  const vendorPage = await vendorContext.newPage();
  await signIn(vendorPage, shop.username, shop.password);
  await vendorPage.getByRole('tab', { name: 'Orders' }).click();
  const orders = vendorPage.getByRole('tabpanel');
  await expect(orders).toContainText(orderNumber);
  await expect(orders).toContainText('Delivered');
  await expect(orders.getByRole('link', { name: `Track AWB ${awb}` })).toHaveAttribute(
    'href',
    `/${shop.slug}/track?order=${orderNumber}&awb=${awb}`,
  );
  await shotOf(vendorPage, 'vendor-orders');
  await vendorPage.setViewportSize({ width: 390, height: 844 });
  await shotOf(vendorPage, 'vendor-orders');
  await vendorContext.close();
});

test("checkout says 'Delivery by <date>' for the shipping PIN code, on a phone and a desktop", async ({
  page,
  stall,
}) => {
  const { slug } = stall;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/${stall.shop.slug}/product/${slug}`);
    if (width === 390) {
      await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
      await expect(page.getByRole('link', { name: 'Go to Cart' })).toBeVisible();
    }
    await page.goto(`/${stall.shop.slug}/cart`);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(new RegExp(`/${stall.shop.slug}/checkout/[0-9a-f-]{36}$`));
    await page.getByLabel('PIN Code').fill('560025');
    await expect(page.getByTestId('checkout-delivery-date')).toHaveText(/^Delivery by \w+/);
    await shotOf(page, 'checkout-delivery-by');
  }
});
