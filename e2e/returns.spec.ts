import type { APIRequestContext, Page } from '@playwright/test';
import { test as base, expect, env, PNG, signIn, uid, type Shop, shot } from './fixtures';
import { placePaidOrder, trackingCodeFor } from './paid-order';

/*
 * Returns (issue 22 item 7c, docs/decisions/0046): a delivered order, the buyer asks for a return on
 * /track at phone width with a photo, the admin approves, the sandbox courier brings the piece back,
 * the admin inspects and refunds; and a parcel returned to origin inspected back into stock.
 */
type Stall = { shop: Shop; sku: string };
const shots = process.env.SHOT_DIR ?? '/tmp';

const test = base.extend<{ stall: Stall }>({
  stall: async ({ makeShop, catalogue }, use) => {
    const shop = await makeShop();
    const product = await catalogue.product(await catalogue.category(), {
      name: `E2E Returned Ring ${uid()}`,
      price: 4_999,
    });
    await use({ shop, sku: product.sku });
  },
});

const paidOrder = (request: APIRequestContext, { shop, sku }: Stall, email: string) =>
  placePaidOrder(request, { shopSlug: shop.slug, sku }, { name: `Return Shopper ${uid()}`, email });

/** Packs, books and moves the order's parcel along the sandbox courier's steps (as the admin). */
async function ship(admin: APIRequestContext, orderNumber: string, steps: string[]) {
  const lines = (await (await admin.get(`/api/shipping/orders/${orderNumber}`)).json()) as {
    lines: { orderItemId: number }[];
  };
  const packed = await admin.post(`/api/shipping/orders/${orderNumber}/shipments`, {
    data: {
      lines: [{ orderItemId: lines.lines[0]!.orderItemId, quantity: 1 }],
      sealNumber: 'SEAL-RET-1',
      packedWeightGrams: 240,
      lengthCm: 15,
      breadthCm: 12,
      heightCm: 8,
    },
  });
  expect(packed.status(), await packed.text()).toBe(201);
  const booked = (await (
    await admin.post(`/api/shipping/shipments/${((await packed.json()) as { id: number }).id}/book`, {
      data: {},
    })
  ).json()) as { awb: string };
  await step(admin, booked.awb, steps);
}

async function step(admin: APIRequestContext, awb: string, steps: string[]) {
  for (const type of steps) {
    const res = await admin.post(`/api/shipping/sandbox/${awb}/events`, { data: { type } });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
}

async function windowPolicy(admin: APIRequestContext) {
  const now = (await (await admin.get('/api/returns-policy/admin')).json()) as { version: number };
  const saved = await admin.put('/api/returns-policy', {
    data: {
      policy: { kind: 'WINDOW', days: 7, maxValue: null, excludedCategoryIds: [] },
      version: now.version,
    },
  });
  expect(saved.ok(), await saved.text()).toBeTruthy();
}

async function openOrder(page: Page, orderNumber: string) {
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name: 'Orders', exact: true })
    .click();
  await page.getByPlaceholder('Search orders...').fill(orderNumber);
  await page.getByRole('button', { name: `View order ${orderNumber}` }).click();
}

test('a buyer asks for a return on /track, the admin approves, the courier brings it back, inspection refunds it', async ({
  page,
  request,
  adminRequest,
  stall,
}) => {
  const email = `returns.${uid()}@example.in`;
  const orderNumber = await paidOrder(request, stall, email);
  await windowPolicy(adminRequest);
  await ship(adminRequest, orderNumber, ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED']);

  // The buyer, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/${stall.shop.slug}/track?order=${orderNumber}`);
  await page.getByLabel('Email or phone number').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/we have sent a 6-digit code/)).toBeVisible();
  const code = await trackingCodeFor(orderNumber);
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Show my order' }).click();
  const form = page.getByRole('form', { name: 'Return an item' });
  await expect(form).toBeVisible();
  await form.getByRole('combobox').selectOption('1');
  await form.getByLabel('Reason for the return').fill('The ring is a size too small for me.');
  await form.getByLabel('Photos of the piece (up to 5)').setInputFiles({
    name: 'ring.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await shot(page, `${shots}/returns-track-form-390.png`, { fullPage: true });
  await form.getByRole('button', { name: 'Ask for a return' }).click();
  const yours = page.getByRole('region', { name: 'Your returns' });
  await expect(yours).toContainText('Requested', { timeout: 30_000 });
  await shot(page, `${shots}/returns-track-requested-390.png`, { fullPage: true });

  // The admin, at desk width.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, env.admin.username, env.admin.password);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name: 'Returns', exact: true })
    .click();
  const card = page.getByRole('article').filter({ hasText: orderNumber });
  await expect(card).toContainText('The ring is a size too small for me.');
  await expect(card.getByRole('list', { name: 'Photos' }).getByRole('img')).toHaveCount(1);
  await shot(page, `${shots}/returns-admin-list-1280.png`, { fullPage: true });
  await card.getByLabel('Note to the buyer (needed to reject)').fill('Please keep the original box.');
  await card.getByRole('button', { name: 'Approve and book pickup' }).click();

  await openOrder(page, orderNumber);
  const returns = page.getByRole('region', { name: 'Returns' });
  await expect(returns).toContainText('Pickup booked', { timeout: 30_000 });
  const pickup = page
    .getByRole('region', { name: 'Shipments' })
    .getByRole('article', { name: /Return pickup/ });
  for (const s of ['Picked up', 'In transit', 'Out for delivery', 'Delivered']) {
    await pickup.getByRole('button', { name: s, exact: true }).click();
    await expect(pickup.getByRole('list', { name: /Timeline/ })).toContainText(s);
  }
  await expect(returns).toContainText('Received, to inspect');
  await returns.getByLabel('Weight of the piece (grams)').fill('238');
  await shot(page, `${shots}/returns-admin-inspect-1280.png`, { fullPage: true });
  await returns.getByRole('button', { name: 'Accept and refund' }).click();
  await expect(returns).toContainText('Accepted and refunded', { timeout: 30_000 });
  await expect(returns).toContainText('Refund issued');
  await shot(page, `${shots}/returns-admin-refunded-1280.png`, { fullPage: true });
});

test('a parcel returned to origin is inspected back into stock and the buyer refunded', async ({
  page,
  request,
  adminRequest,
  stall,
}) => {
  const orderNumber = await paidOrder(request, stall, `rto.${uid()}@example.in`);
  await ship(adminRequest, orderNumber, ['PICKED_UP', 'IN_TRANSIT', 'RETURNED_TO_ORIGIN']);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, env.admin.username, env.admin.password);
  await openOrder(page, orderNumber);
  const section = page.getByRole('region', { name: 'Shipments' });
  await section.getByRole('button', { name: 'Inspect returned parcel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Inspect returned parcel' });
  await dialog.getByLabel('Weight now (grams)').fill('241');
  await shot(page, `${shots}/returns-rto-dialog-1280.png`, { fullPage: true });
  await dialog.getByRole('button', { name: 'Record inspection' }).click();
  await expect(section.getByLabel('Inspection')).toContainText('As packed: back in stock, refund the buyer');
  await shot(page, `${shots}/returns-rto-inspected-1280.png`, { fullPage: true });
});
