import { test as base, expect, signIn, uid, type MadeProduct, type Shop, shot } from './fixtures';

/*
 * A reseller's quote turned into a paid, attributed order (issue 26 items 1 and 3, docs/decisions/0059),
 * on a phone: the reseller makes the quote in its Quotes tab and takes the link; a buyer in a fresh
 * browser (no session, no cookie) opens it, sees the breakup and the countdown, buys now and pays in the
 * sandbox; the reseller then sees the order credited to it through the quote, and its commission.
 */
type Stall = { shop: Shop; product: MadeProduct };

const test = base.extend<{ stall: Stall }>({
  stall: async ({ makeShop, catalogue }, use) => {
    const shop = await makeShop('PREMIUM');
    const product = await catalogue.product(await catalogue.category(), {
      name: `E2E Quoted Necklace ${uid()}`,
      price: 50_000,
      vendorCommission: 3_000,
      stock: 5,
    });
    await use({ shop, product });
  },
});

const PHONE = { width: 390, height: 844 };
const shots = process.env.SHOT_DIR ?? '/tmp';
test.use({ viewport: PHONE });

test('a reseller quotes a piece on WhatsApp terms, a buyer opens the link fresh and buys it, the reseller sees the credited order and commission', async ({
  page,
  browser,
  stall,
}) => {
  const { shop, product } = stall;
  await signIn(page, shop.username, shop.password);
  await page.getByRole('tab', { name: 'Quotes' }).click();
  const form = page.getByRole('form', { name: 'New quote' });
  await form.getByLabel('Find a piece').fill(product.name);
  await form.getByRole('button', { name: `Add ${product.name}` }).click();
  await expect(form.getByRole('list', { name: 'Pieces in this quote' })).toContainText(product.name);
  await form.getByLabel('Discount (₹, from your commission)').fill('1000');
  await form.getByLabel('Note for the buyer').fill('As discussed on WhatsApp');
  await form.getByRole('button', { name: 'Create quote' }).click();
  const made = form.getByRole('status');
  await expect(made).toContainText('Quote created: ₹49,000.00');
  const shareLink = made.getByRole('link', { name: /\/q\/[0-9A-Za-z]{12}$/ });
  const url = (await shareLink.getAttribute('href'))!;
  await expect(made.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\?text=.*${encodeURIComponent(url).replace(/[.?*+()]/g, '\\$&')}`),
  );

  // The buyer: another browser, nothing shared with the reseller's.
  const buyerContext = await browser.newContext({ viewport: PHONE });
  let orderNumber = '';
  try {
    const buyer = await buyerContext.newPage();
    await buyer.goto(url);
    await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(`E2E Jewels ${shop.slug}`);
    await expect(buyer.getByText(product.name).first()).toBeVisible();
    await expect(buyer.getByText('As discussed on WhatsApp')).toBeVisible();
    await expect(buyer.getByText('Your discount', { exact: true })).toBeVisible();
    await expect(buyer.getByText('Quoted price', { exact: true }).locator('..')).toContainText('₹49,000.00');
    await expect(buyer.getByLabel('Time left')).toHaveText(/^2[34]h \d{2}m \d{2}s$/);
    await buyer.getByRole('button', { name: 'Buy now' }).click();

    await expect(buyer).toHaveURL(new RegExp(`/${shop.slug}/checkout/[0-9a-f-]{36}$`));
    const pay = buyer.getByRole('button', { name: 'Proceed to Payment' });
    await buyer.getByLabel('Full Name').fill('Meera Iyer');
    await buyer.getByLabel('Email').fill('meera.e2e@example.in');
    await buyer.getByLabel('Phone').fill('9876543210');
    await buyer.getByLabel('Street Address').fill('12 Residency Road');
    await buyer.getByLabel('City').fill('Bengaluru');
    await buyer.getByLabel('State').selectOption('Karnataka');
    await buyer.getByLabel('PIN Code').fill('560025');
    await expect(pay).toBeEnabled();
    await pay.click();
    const paymentWindow = buyer.getByRole('dialog', { name: 'Sandbox payment' });
    await expect(paymentWindow.getByTestId('sandbox-amount')).toHaveText('₹49,000.00');
    await paymentWindow.getByRole('button', { name: 'Pay now' }).click();
    await expect(buyer.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 30_000 });
    orderNumber = (await buyer.getByTestId('order-number').textContent())!.trim();
  } finally {
    await buyerContext.close();
  }

  // The reseller: the order is credited to it through the quote, the quote is converted, the
  // commission (₹3,000 less the ₹1,000 discount) is on the dashboard.
  await page.reload();
  await expect(page.getByText('Commission earned').locator('..')).toContainText('₹2,000.00');
  await page.getByRole('tab', { name: 'Orders' }).click();
  const order = page.getByRole('row').filter({ hasText: orderNumber });
  await expect(order).toContainText(product.name);
  await expect(order).toContainText('Credited to you (quote link)');
  await page.getByRole('tab', { name: 'Quotes' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: `Order ${orderNumber}` })).toContainText(
    'Converted',
  );

  // Its analytics: the quote sent and bought, the order and the commission of the day.
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByTestId('analytics-Quotes converted')).toHaveText('1');
  await expect(page.getByTestId('analytics-Commission')).toHaveText('₹2,000.00');
  await shot(page, `${shots}/reseller-analytics-390.png`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, `${shots}/reseller-analytics-1280.png`, { fullPage: true });
});

test('a quote from a shop with a long slug fits a phone: the header breaks the slug and nothing widens the page', async ({
  page,
  request,
  makeShop,
  catalogue,
}) => {
  const category = await catalogue.category();
  // Long slugs shown in capitals with wide tracking: one word (nothing to break at), and hyphenated.
  for (const slug of [`shreemahalakshmijewellers${uid()}`, `shree-mahalakshmi-gold-diamond-${uid()}`]) {
    const shop = await makeShop('PREMIUM', { slug });
    const product = await catalogue.product(category, {
      name: `E2E Quoted Ring ${uid()}`,
      price: 20_000,
      vendorCommission: 1_000,
      stock: 5,
    });
    const login = await request.post('/api/user/login', {
      data: { username: shop.username, password: shop.password },
    });
    const { token } = (await login.json()) as { token: string };
    const made = await request.post('/api/vendor/quotes', {
      headers: { Authorization: `Bearer ${token}` },
      data: { items: [{ productId: product.id, quantity: 1 }] },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { code } = (await made.json()) as { code: string };

    for (const width of [PHONE.width, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`/q/${code}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`E2E Jewels ${slug}`);
      const banner = page.getByRole('banner');
      const home = banner.getByRole('link', { name: slug });
      await expect(home).toBeVisible();
      // Nothing is wider than the window: no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The slug stays left of the cart; the cart and the account link keep their size (one line).
      const slugBox = (await home.boundingBox())!;
      const cart = (await banner.getByRole('link', { name: /^Cart, / }).boundingBox())!;
      expect(slugBox.x + slugBox.width).toBeLessThanOrEqual(cart.x);
      if (width > PHONE.width) {
        const account = (await banner.getByRole('link', { name: 'Login / Register' }).boundingBox())!;
        expect(account.height).toBeLessThan(44);
      }
      await shot(page, `${shots}/quote-long-slug-${slug.includes('-') ? 'hyphens' : 'word'}-${width}.png`, {
        fullPage: true,
      });
    }
  }
});
