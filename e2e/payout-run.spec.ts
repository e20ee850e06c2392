import type { APIRequestContext, Page } from '@playwright/test';
import {
  acknowledge,
  env,
  expect,
  invitationToken,
  outboxMessages,
  signIn,
  test,
  uid,
  shot,
} from './fixtures';

/*
 * Settlement (issue 24): a reseller with commission released on a delivered order (the e2e server holds
 * commission 0 days after delivery, SETTLEMENT_HOLD_DAYS=0), an admin approves its KYC, creates a payout
 * run above the approval threshold, cannot approve it as its maker, a second admin (invited through
 * the app's invite flow) approves it, and the sandbox pays the line.
 */
const shots = process.env.SHOT_DIR ?? '/tmp';

async function paidOrder(request: APIRequestContext, slug: string, sku: string) {
  const checkout = await request.post(`/api/checkout?vendorSlug=${slug}`, {
    data: [{ productSku: sku, quantity: 1 }],
  });
  const { checkoutId } = (await checkout.json()) as { checkoutId: string };
  const initiated = await request.post('/api/orders/initiate-order', {
    data: {
      customerName: 'Payout Shopper',
      customerEmail: `payout_${uid()}@example.in`,
      customerPhone: '9876543210',
      vendorSlug: slug,
      checkoutId,
      orderItems: [{ productSku: sku, quantity: 1 }],
      paymentMethod: 'RAZORPAY',
      shippingAddress: {
        fullName: 'Payout Shopper',
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
  expect((await request.post(`/api/orders/confirm-payment?${query.toString()}`)).ok()).toBeTruthy();
  return orderNumber;
}

async function deliver(admin: APIRequestContext, orderNumber: string) {
  const lines = (await (await admin.get(`/api/shipping/orders/${orderNumber}`)).json()) as {
    lines: { orderItemId: number }[];
  };
  const packed = await admin.post(`/api/shipping/orders/${orderNumber}/shipments`, {
    data: {
      lines: [{ orderItemId: lines.lines[0]!.orderItemId, quantity: 1 }],
      sealNumber: 'SEAL-PAY-1',
      packedWeightGrams: 240,
      lengthCm: 15,
      breadthCm: 12,
      heightCm: 8,
    },
  });
  expect(packed.status(), await packed.text()).toBe(201);
  const { id } = (await packed.json()) as { id: number };
  const booked = (await (await admin.post(`/api/shipping/shipments/${id}/book`, { data: {} })).json()) as {
    awb: string;
  };
  const step = (type: string, otp?: string) =>
    admin.post(`/api/shipping/sandbox/${booked.awb}/events`, { data: { type, ...(otp ? { otp } : {}) } });
  for (const type of ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY']) {
    const res = await step(type);
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  // A parcel of this value is delivered against the code mailed to the buyer.
  let code: string | undefined;
  await expect
    .poll(
      () =>
        (code = outboxMessages()
          .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
          .filter((m) => m.includes(`Your delivery code for order ${orderNumber}`))
          .at(-1)
          ?.match(/<strong>(\d{6})<\/strong>/)?.[1]),
      { timeout: 30_000 },
    )
    .toMatch(/^\d{6}$/);
  const delivered = await step('DELIVERED', code);
  expect(delivered.ok(), await delivered.text()).toBeTruthy();
}

/** A second admin through the invite flow the app uses: invited by email, accepts with a password. */
async function secondAdmin(admin: APIRequestContext, request: APIRequestContext) {
  const email = `checker_${uid()}@example.in`;
  const invited = await admin.post('/api/user/invites', {
    data: { email, name: 'Checker Admin', roles: ['MANAGE_VENDORS'] },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = await invitationToken(email);
  const username = `checker_${uid()}`;
  const password = `Ch@1${uid()}${uid()}`;
  const accepted = await request.post('/api/user/invites/accept', { data: { token, username, password } });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  return { username, password };
}

async function openSection(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name, exact: true })
    .click();
}

test('an admin approves a reseller’s KYC and creates a payout run; a second admin approves it and the sandbox pays', async ({
  page,
  browser,
  request,
  adminRequest,
  makeShop,
  catalogue,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // Returns off, so commission is held SETTLEMENT_HOLD_DAYS (0) after delivery; the policy is put back.
  const before = (await (await adminRequest.get('/api/returns-policy/admin')).json()) as {
    version: number;
    policy: Record<string, unknown>;
  };
  const off = await adminRequest.put('/api/returns-policy', {
    data: { policy: { kind: 'NONE' }, version: before.version },
  });
  expect(off.ok(), await off.text()).toBeTruthy();
  try {
    const shop = await makeShop('BASIC');
    const product = await catalogue.product(await catalogue.category(), {
      name: `E2E Payout Necklace ${uid()}`,
      price: 180_000,
      vendorCommission: 105_000,
    });

    // The reseller submits KYC (the vendor screens are another issue's); the sandbox penny drop verifies it.
    const login = await request.post('/api/user/login', {
      data: { username: shop.username, password: shop.password },
    });
    const { token } = (await login.json()) as { token: string };
    const kyc = await request.put('/api/kyc/me', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        pan: 'ABCPK1234F',
        legalName: 'Kavya Jewels',
        gstin: '',
        accountHolderName: 'Kavya Jewels',
        accountNumber: '5556667778',
        confirmAccountNumber: '5556667778',
        ifsc: 'SBIN0001234',
      },
    });
    expect(kyc.ok(), await kyc.text()).toBeTruthy();
    expect(((await kyc.json()) as { status: string }).status).toBe('AWAITING_APPROVAL');
    await deliver(adminRequest, await paidOrder(request, shop.slug, product.sku));

    // The maker reviews the KYC.
    await signIn(page, env.admin.username, env.admin.password);
    await openSection(page, 'KYC review');
    const vendorName = `E2E Jewels ${shop.slug}`;
    await page.getByLabel('Status').selectOption('AWAITING_APPROVAL');
    await page.getByRole('button', { name: `Review KYC of ${vendorName}` }).click();
    const detail = page.getByRole('article', { name: `KYC of ${vendorName}` });
    await expect(detail.getByText('Penny drop: Verified by penny drop')).toBeVisible();
    await expect(detail.getByText('XXXXXX234F (Individual)')).toBeVisible();
    await shot(page, `${shots}/payout-kyc-1280.png`, { fullPage: true });
    await detail.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Approve KYC' }).getByRole('button', { name: 'Approve' }).click();
    await acknowledge(page, `KYC of ${vendorName}: Approved`);

    // The maker creates a run for this reseller: above the threshold, it cannot approve it itself.
    await openSection(page, 'Payout runs');
    await page.getByRole('checkbox', { name: `Include ${vendorName} in the run` }).check();
    await page.getByRole('button', { name: 'Create run for chosen (1)' }).click();
    const created = page.getByRole('dialog', { name: 'Payout Run Created' });
    const runId = /Payout run #(\d+)/.exec((await created.textContent()) ?? '')![1]!;
    await created.getByRole('button', { name: 'OK' }).click();
    const card = page.getByRole('article', { name: new RegExp(`^Payout run #${runId} `) });
    await expect(card.getByRole('note')).toContainText('You created it, so another admin must approve it.');
    await expect(card.getByRole('button', { name: 'Approve and pay' })).toBeDisabled();
    const line = card.getByRole('row').filter({ hasText: vendorName });
    await expect(line).toContainText('₹1,05,000.00');
    await expect(line).toContainText('₹2,100.00');
    await expect(line).toContainText('Awaiting approval');
    await shot(page, `${shots}/payout-run-maker-1280.png`, { fullPage: true });

    // The checker approves; the sandbox pays the line.
    const checker = await secondAdmin(adminRequest, request);
    const context = await browser.newContext({
      baseURL: env.baseURL,
      viewport: { width: 1280, height: 900 },
    });
    const other = await context.newPage();
    await signIn(other, checker.username, checker.password);
    await openSection(other, 'Payout runs');
    const theirs = other.getByRole('article', { name: new RegExp(`^Payout run #${runId} `) });
    await expect(theirs.getByRole('note')).not.toContainText('You created it');
    await theirs.getByRole('button', { name: 'Approve and pay' }).click();
    await other
      .getByRole('dialog', { name: 'Approve Payout Run' })
      .getByRole('button', { name: 'Approve and pay' })
      .click();
    const paid = other.getByRole('article', { name: `Payout run #${runId} · Approved` });
    await expect(paid.getByRole('row').filter({ hasText: vendorName })).toContainText('Paid');
    await expect(paid.getByRole('row').filter({ hasText: vendorName })).toContainText(/UTR SBXN[0-9A-F]{12}/);
    await shot(other, `${shots}/payout-run-paid-1280.png`, { fullPage: true });
    await other.setViewportSize({ width: 390, height: 844 });
    await shot(other, `${shots}/payout-run-paid-390.png`, { fullPage: true });
    await openSection(other, 'TDS');
    await other.getByLabel('Quarter').selectOption({ index: 0 });
    await expect(other.getByText('Total deducted:')).toBeVisible();
    await shot(other, `${shots}/payout-tds-390.png`, { fullPage: true });
    await other.setViewportSize({ width: 1280, height: 900 });
    await shot(other, `${shots}/payout-tds-1280.png`, { fullPage: true });

    // The month's tax is deposited: the admin records the challan and the month reads Deposited.
    const deposits = other.getByRole('region', { name: 'Deposits' });
    await deposits
      .getByRole('button', { name: /^Record challan for / })
      .first()
      .click();
    const challan = other.getByRole('form', { name: 'Record challan' });
    const serial = String(10_000 + Math.floor(Math.random() * 89_999));
    await challan.getByLabel(/BSR code/).fill('0510308');
    await challan.getByLabel(/Challan serial number/).fill(serial);
    await challan
      .getByLabel(/Deposit date/)
      .fill(new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }));
    await challan.getByRole('button', { name: 'Record challan' }).click();
    await acknowledge(other, `Challan ${serial} recorded`);
    await expect(deposits.getByText(`Challan ${serial}`)).toBeVisible();
    await expect(
      deposits
        .locator('span.rounded-full')
        .filter({ hasText: /^Deposited$/ })
        .first(),
    ).toBeVisible();
    await shot(other, `${shots}/payout-tds-deposited-1280.png`, { fullPage: true });
    await context.close();
  } finally {
    const now = (await (await adminRequest.get('/api/returns-policy/admin')).json()) as { version: number };
    await adminRequest.put('/api/returns-policy', { data: { policy: before.policy, version: now.version } });
  }
});
