import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { test as base, expect, signIn, uid, type Shop, shot } from './fixtures';

/*
 * The reseller's side of settlement (issue 24): KYC through the sandbox payout provider's offline
 * penny drop, then an order paid, shipped and delivered shows on the month's statement, released
 * (the e2e server runs with SETTLEMENT_HOLD_DAYS=0 and this spec turns returns off, so delivery ends
 * the hold), and the statement downloads as a PDF. At phone and desktop widths.
 */
type Stall = { shop: Shop; sku: string };
const shots = process.env.SHOT_DIR ?? '/tmp';

const test = base.extend<{ stall: Stall }>({
  stall: async ({ makeShop, catalogue }, use) => {
    const shop = await makeShop();
    const product = await catalogue.product(await catalogue.category(), {
      name: `E2E Settled Necklace ${uid()}`,
      price: 4_999,
      vendorCommission: 450,
    });
    await use({ shop, sku: product.sku });
  },
});

async function paidOrder(request: APIRequestContext, { shop, sku }: Stall) {
  const checkout = await request.post(`/api/checkout?vendorSlug=${shop.slug}`, {
    data: [{ productSku: sku, quantity: 1 }],
  });
  const { checkoutId } = (await checkout.json()) as { checkoutId: string };
  const name = `Settlement Shopper ${uid()}`;
  const initiated = await request.post('/api/orders/initiate-order', {
    data: {
      customerName: name,
      customerEmail: 'settlement.e2e@example.in',
      customerPhone: '9876543210',
      vendorSlug: shop.slug,
      checkoutId,
      orderItems: [{ productSku: sku, quantity: 1 }],
      paymentMethod: 'RAZORPAY',
      shippingAddress: {
        fullName: name,
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
  const confirmed = await request.post(`/api/orders/confirm-payment?${query.toString()}`);
  expect(confirmed.ok(), await confirmed.text()).toBeTruthy();
  return orderNumber;
}

/** Packs, books and delivers the order's parcel through the sandbox courier (as the admin). */
async function deliver(admin: APIRequestContext, orderNumber: string) {
  const order = (await (await admin.get(`/api/shipping/orders/${orderNumber}`)).json()) as {
    lines: { orderItemId: number }[];
  };
  const packed = await admin.post(`/api/shipping/orders/${orderNumber}/shipments`, {
    data: {
      lines: [{ orderItemId: order.lines[0]!.orderItemId, quantity: 1 }],
      sealNumber: 'SEAL-SET-1',
      packedWeightGrams: 240,
      lengthCm: 15,
      breadthCm: 12,
      heightCm: 8,
    },
  });
  expect(packed.status(), await packed.text()).toBe(201);
  const booked = await admin.post(
    `/api/shipping/shipments/${((await packed.json()) as { id: number }).id}/book`,
    {
      data: {},
    },
  );
  expect(booked.ok(), await booked.text()).toBeTruthy();
  const { awb } = (await booked.json()) as { awb: string };
  for (const type of ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED']) {
    const res = await admin.post(`/api/shipping/sandbox/${awb}/events`, { data: { type } });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
}

/** Returns off for this spec (the hold is then SETTLEMENT_HOLD_DAYS); the policy found is put back after. */
async function withoutReturns(admin: APIRequestContext): Promise<() => Promise<void>> {
  const before = (await (await admin.get('/api/returns-policy/admin')).json()) as {
    policy: Record<string, unknown>;
    version: number;
  };
  const off = await admin.put('/api/returns-policy', {
    data: { policy: { kind: 'NONE' }, version: before.version },
  });
  expect(off.ok(), await off.text()).toBeTruthy();
  return async () => {
    const now = (await (await admin.get('/api/returns-policy/admin')).json()) as { version: number };
    const back = await admin.put('/api/returns-policy', {
      data: { policy: before.policy, version: now.version },
    });
    expect(back.ok(), await back.text()).toBeTruthy();
  };
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

for (const width of [390, 1280]) {
  test(`a reseller submits KYC, then sees a delivered order's commission on the statement and downloads it as PDF (${width} px)`, async ({
    page,
    request,
    adminRequest,
    stall,
  }) => {
    await page.setViewportSize({ width, height: width < 640 ? 844 : 900 });
    const restore = await withoutReturns(adminRequest);
    try {
      const orderNumber = await paidOrder(request, stall);
      await deliver(adminRequest, orderNumber);

      await signIn(page, stall.shop.username, stall.shop.password);
      await page.getByRole('tab', { name: 'Payouts & KYC' }).click();
      const form = page.getByRole('form', { name: 'KYC details' });
      await form.getByRole('button', { name: 'Submit for verification' }).click();
      await expect(form.getByLabel('PAN', { exact: true })).toHaveAccessibleDescription(/Enter a valid PAN/);
      await form.getByLabel('PAN', { exact: true }).fill('ABCPK1234F');
      await expect(form.getByText('PAN of: Individual')).toBeVisible();
      await form.getByLabel('Legal name (as on the PAN)').fill('Asha Kulkarni');
      await form.getByLabel('Account holder name', { exact: true }).fill('Asha Kulkarni');
      await form.getByLabel('IFSC', { exact: true }).fill('HDFC0000001');
      await expect(form.getByText(/Bank: HDFC Bank/)).toBeVisible();
      await form.getByLabel('Bank account number', { exact: true }).fill('50100012345678');
      await form.getByLabel('Re-enter bank account number').fill('50100012345679');
      await form.getByRole('button', { name: 'Submit for verification' }).click();
      await expect(form.getByLabel('Re-enter bank account number')).toHaveAccessibleDescription(
        'The account numbers do not match',
      );
      await form.getByLabel('Re-enter bank account number').fill('50100012345678');
      await shot(page, `${shots}/vendor-kyc-form-${width}.png`, { fullPage: true });
      await form.getByRole('button', { name: 'Submit for verification' }).click();
      const done = page.getByRole('dialog', { name: 'Success' });
      await expect(done).toContainText('KYC submitted');
      await done.getByRole('button', { name: 'OK' }).click();

      const status = page.getByRole('region', { name: 'Verification' });
      await expect(status).toContainText('Awaiting approval');
      await expect(status).toContainText('Verified by penny drop');
      await expect(status).toContainText('Payouts on hold: KYC waits for an admin’s approval');
      await expect(status).toContainText('••••5678');
      await noSidewaysScroll(page);
      await shot(page, `${shots}/vendor-kyc-status-${width}.png`, { fullPage: true });

      await page.getByRole('tab', { name: 'Statement' }).click();
      const orders = page.getByRole('region', { name: 'Orders and commission' });
      const row = orders.getByRole('row').filter({ hasText: orderNumber });
      await expect(row).toContainText('₹450.00');
      await expect(row).toContainText('Released');
      await expect(page.getByText('Payable', { exact: true })).toBeVisible();
      await expect(page.getByText('Commission earned').locator('xpath=following-sibling::dd')).toHaveText(
        '₹450.00',
      );
      await noSidewaysScroll(page);
      await shot(page, `${shots}/vendor-statement-${width}.png`, { fullPage: true });

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download PDF' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-\d+\.pdf$/);
      const bytes = readFileSync(await download.path());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await restore();
    }
  });
}
