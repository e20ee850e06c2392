import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { test as base, expect, outboxMessages, uid } from './fixtures';

async function pdfText(file: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(readFileSync(file)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

const COUPON_DISCOUNT = 500;

/** What every journey here buys: two products in a shop of its own, and a 'buy 2, save ₹500' coupon. */
type Basket = { shop: string; products: Array<{ name: string; slug: string }>; coupon: string };

const test = base.extend<{ basket: Basket }>({
  basket: async ({ makeShop, catalogue }, use) => {
    const shop = await makeShop();
    const category = await catalogue.category();
    const products = [
      await catalogue.product(category, { name: `E2E Charm Bracelet ${uid()}`, price: 1_899.5, stock: 5 }),
      await catalogue.product(category, { name: `E2E Couple Ring ${uid()}`, price: 2_450, stock: 5 }),
    ];
    const coupon = await catalogue.coupon({
      discount: COUPON_DISCOUNT,
      quantity: 2,
      description: 'Buy 2 and save ₹500',
    });
    await use({ shop: shop.slug, products, coupon: coupon.code });
  },
});

const inr = (rupees: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(
    rupees,
  );

/** Whole rupees at or above an amount (spec §9: only the total to pay is rounded up). */
const roundUp = (rupees: number) => Math.ceil(Math.round(rupees * 100) / 100);

/** Subtotal at the products' own prices, to the paisa, as the product pages show them. */
async function expectedSubtotal(request: APIRequestContext, { shop, products }: Basket): Promise<number> {
  let paise = 0;
  for (const { name } of products) {
    const res = await request.get(`/api/products/name/${encodeURIComponent(name)}?vendorSlug=${shop}`);
    expect(res.ok()).toBeTruthy();
    paise += Math.round(((await res.json()) as { price: number }).price * 100);
  }
  return paise / 100;
}

async function addTwoProducts(page: Page, { shop, products }: Basket) {
  for (const { slug } of products) {
    await page.goto(`/${shop}/product/${slug}`);
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
    await expect(page.getByRole('link', { name: 'Go to Cart' })).toBeVisible();
  }
}

/** Cart, checkout with the coupon and the shipping form, up to the open payment window. */
async function checkOutWithCoupon(page: Page, { shop, coupon }: Basket, subtotal: number) {
  await page.goto(`/${shop}/cart`);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-subtotal')).toHaveText(inr(subtotal));
  await expect(page.getByTestId('cart-total')).toHaveText(inr(roundUp(subtotal)));
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(new RegExp(`/${shop}/checkout/[0-9a-f-]{36}$`));

  await page.getByLabel('Coupon code').fill(coupon);
  await page.getByRole('button', { name: 'Apply' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Coupon applied successfully' });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('checkout-discount')).toHaveText(`−${inr(COUPON_DISCOUNT)}`);
  await expect(page.getByTestId('checkout-total')).toHaveText(inr(roundUp(subtotal - COUPON_DISCOUNT)));

  const payButton = page.getByRole('button', { name: 'Proceed to Payment' });
  await expect(payButton).toBeDisabled();
  await page.getByLabel('Full Name').fill('Asha Rao');
  await page.getByLabel('Email').fill('asha.e2e@example.in');
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('Street Address').fill('12 Residency Road');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('State').selectOption('Karnataka');
  await page.getByLabel('PIN Code').fill('5600');
  await page.getByLabel('PIN Code').blur();
  // A malformed PIN keeps payment disabled and says why (spec §5 address check).
  await expect(page.getByText('Please enter a valid 6-digit PIN code')).toBeVisible();
  await expect(payButton).toBeDisabled();
  await page.getByLabel('PIN Code').fill('560025');
  await expect(payButton).toBeEnabled();
  await payButton.click();

  const paymentWindow = page.getByRole('dialog', { name: 'Sandbox payment' });
  await expect(paymentWindow).toBeVisible();
  await expect(paymentWindow.getByTestId('sandbox-amount')).toHaveText(
    inr(roundUp(subtotal - COUPON_DISCOUNT)),
  );
  return paymentWindow;
}

test('a new shopper buys two products with a coupon and pays by card', async ({ page, request, basket }) => {
  const subtotal = await expectedSubtotal(request, basket);
  await addTwoProducts(page, basket);
  const paymentWindow = await checkOutWithCoupon(page, basket, subtotal);
  await paymentWindow.getByRole('button', { name: 'Pay now' }).click();

  await expect(page).toHaveURL(/payment-status\?orderId=.+&status=success/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByText('Your order has been placed successfully')).toBeVisible();
  await expect(page.getByTestId('order-discount')).toHaveText(`−${inr(COUPON_DISCOUNT)}`);
  await expect(page.getByTestId('order-total')).toHaveText(inr(roundUp(subtotal - COUPON_DISCOUNT)));
  const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();
  expect(orderNumber).toMatch(/^ZV\d{6}-/);
  expect(await page.evaluate(() => localStorage.getItem('cart_items'))).toBeNull();

  // The GST tax invoice downloads from the status page, and its totals are the page's.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download invoice' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^invoice-ZV-\d{2}-\d{2}-\d{6}\.pdf$/);
  const invoice = await pdfText((await download.path())!);
  const pageTotal = (await page.getByTestId('order-total').textContent())!.trim();
  expect(invoice).toContain('TAX INVOICE');
  expect(invoice).toContain(`Order No.: ${orderNumber}`);
  expect(invoice).toContain(`Invoice total ${pageTotal}`);
  expect(invoice).toContain('IGST @ 3%');

  await expect
    .poll(
      () =>
        outboxMessages().some(
          (m) =>
            m.includes(orderNumber) &&
            m.includes('asha.e2e@example.in') &&
            /Content-Type: application\/pdf;\s*name=invoice-ZV-/.test(m),
        ),
      { timeout: 45_000 },
    )
    .toBe(true);
});

test('closing the payment window cancels the order', async ({ page, request, basket }) => {
  const subtotal = await expectedSubtotal(request, basket);
  await addTwoProducts(page, basket);
  const paymentWindow = await checkOutWithCoupon(page, basket, subtotal);
  await paymentWindow.getByRole('button', { name: 'Close' }).click();
  await paymentWindow.getByRole('button', { name: 'Yes, cancel' }).click();

  await expect(page).toHaveURL(/payment-status\?orderId=.+&status=cancelled/);
  await expect(page.getByRole('heading', { name: 'Order Cancelled' })).toBeVisible();
  await expect(page.getByText('Your order has been cancelled.')).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cart_items'))) ?? '[]')).toHaveLength(2);
});

test('a failed card payment shows Payment Failed', async ({ page, request, basket }) => {
  const subtotal = await expectedSubtotal(request, basket);
  await addTwoProducts(page, basket);
  const paymentWindow = await checkOutWithCoupon(page, basket, subtotal);
  await paymentWindow.getByRole('button', { name: 'Fail payment' }).click();

  await expect(page).toHaveURL(/payment-status\?orderId=.+&status=failed/);
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(page.getByText("We couldn't process your payment.")).toBeVisible();
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the cart quantity is typed freely and clamped on commit; checkout shows the total and coupon before the pay button', async ({
    page,
    request,
    basket,
  }) => {
    const subtotal = await expectedSubtotal(request, basket);
    await addTwoProducts(page, basket);
    await page.goto(`/${basket.shop}/cart`);
    const line = page.getByTestId('cart-line').first();
    const box = line.getByRole('textbox', { name: 'Quantity' });
    const unit = (await line.getByLabel('Line total').textContent())!;
    await box.fill('');
    await box.pressSequentially('3');
    await box.blur();
    await expect(box).toHaveValue('3');
    await box.fill('');
    await box.pressSequentially('1');
    await box.press('Enter');
    await expect(box).toHaveValue('1');
    await expect(line.getByLabel('Line total')).toHaveText(unit);
    await expect(page.getByTestId('cart-total')).toHaveText(inr(roundUp(subtotal)));

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(new RegExp(`/${basket.shop}/checkout/[0-9a-f-]{36}$`));
    const total = page.getByTestId('checkout-total');
    const coupon = page.getByLabel('Coupon code');
    const pay = page.getByRole('button', { name: 'Proceed to Payment' });
    await expect(total).toHaveText(inr(roundUp(subtotal)));
    const [t, c, p] = await Promise.all([total.boundingBox(), coupon.boundingBox(), pay.boundingBox()]);
    expect(t!.y).toBeLessThan(p!.y);
    expect(c!.y).toBeLessThan(p!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

/** The shipping form of the checkout page, filled in. */
async function fillShipping(page: Page) {
  await page.getByLabel('Full Name').fill('Asha Rao');
  await page.getByLabel('Email').fill('asha.tabs@example.in');
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('Street Address').fill('12 Residency Road');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByLabel('State').selectOption('Karnataka');
  await page.getByLabel('PIN Code').fill('560025');
}

test('the same cart in two tabs is paid once', async ({ page, context, basket }) => {
  await addTwoProducts(page, basket);
  const tabB = await context.newPage();
  for (const tab of [page, tabB]) {
    await tab.goto(`/${basket.shop}/cart`);
    await tab.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(tab).toHaveURL(new RegExp(`/${basket.shop}/checkout/[0-9a-f-]{36}$`));
    await fillShipping(tab);
  }
  expect(tabB.url()).not.toBe(page.url());

  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  const windowA = page.getByRole('dialog', { name: 'Sandbox payment' });
  await expect(windowA).toBeVisible();

  // While tab A's card window is open, tab B is refused before a card window opens.
  await tabB.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(
    tabB.getByText('This cart is already being paid in another window.', { exact: false }),
  ).toBeVisible();
  await expect(tabB.getByRole('dialog', { name: 'Sandbox payment' })).toHaveCount(0);

  await windowA.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();

  // After tab A paid, tab B still cannot pay the same cart a second time.
  await tabB.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(tabB.getByText('This cart has already been paid.', { exact: false })).toBeVisible();
  await expect(tabB.getByRole('dialog', { name: 'Sandbox payment' })).toHaveCount(0);
});
