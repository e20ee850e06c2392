import { test, expect, env, signIn, uid, shot } from './fixtures';

/* Issue 26 item 2: a reseller turns a quote into a payment link, the buyer pays it on the (sandbox)
 * provider's page, and the link shows the order it became. */
for (const width of [390, 1280]) {
  test(`a reseller sends a payment link for a quote and sees it paid (${width} px)`, async ({
    page,
    browser,
    makeShop,
    catalogue,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const shop = await makeShop('PREMIUM');
    const product = await catalogue.product(await catalogue.category(), { name: `E2E Link Bangle ${uid()}` });

    await signIn(page, shop.username, shop.password);
    await page.goto('/vendor/dashboard');
    await page.getByRole('tab', { name: 'Quotes' }).click();
    await page.getByLabel('Find a piece').fill(product.name);
    await page.getByRole('button', { name: `Add ${product.name}` }).click();
    await page.getByRole('button', { name: 'Create quote' }).click();
    await expect(page.getByText('Quote created')).toBeVisible();

    const quote = page.getByRole('listitem').filter({ hasText: product.name }).filter({ hasText: 'Sent' });
    await quote.getByRole('button', { name: 'Payment link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment link for this quote' });
    await dialog.getByLabel('Buyer’s name').fill('Meera Iyer');
    await dialog.getByLabel('Buyer’s mobile number').fill('9812345678');
    await dialog.getByLabel('Delivery address').fill('12 Temple Street, Mylapore');
    await dialog.getByLabel('City').fill('Chennai');
    await dialog.getByLabel('State').selectOption('Tamil Nadu');
    await dialog.getByLabel('PIN code').fill('600004');
    await shot(page, `${env.dataDir}/payment-link-form-${width}.png`, { fullPage: false });
    await dialog.getByRole('button', { name: 'Create payment link' }).click();
    await expect(dialog.getByText('Payment link created')).toBeVisible();
    const url = await dialog.getByRole('link', { name: /\/sandbox\/link\/plink_/ }).getAttribute('href');
    await expect(dialog.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/\?text=.*plink_/,
    );
    await shot(page, `${env.dataDir}/payment-link-created-${width}.png`, { fullPage: false });
    await dialog.getByRole('button', { name: 'Done' }).click();
    const links = page.getByRole('list', { name: 'Payment links' });
    await expect(links.getByRole('listitem').first()).toContainText('Waiting for payment');
    await shot(page, `${env.dataDir}/payment-links-list-${width}.png`, { fullPage: true });

    // Staff see the same open link, with the same actions, in the admin's Payment links section.
    const staff = await browser.newContext({ viewport: { width, height: 900 } });
    const staffPage = await staff.newPage();
    await signIn(staffPage, env.admin.username, env.admin.password);
    await staffPage.goto('/admin/dashboard?section=payment-links');
    await staffPage.getByRole('textbox', { name: 'Shop' }).fill(shop.slug);
    const row = staffPage.getByRole('row').filter({ hasText: 'Meera Iyer' }).filter({ hasText: shop.slug });
    await expect(row.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(row.getByRole('link', { name: 'Share on WhatsApp' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Cancel link' })).toBeVisible();
    await staffPage.screenshot({ path: `${env.dataDir}/admin-payment-links-${width}.png`, fullPage: true });
    await staff.close();

    // The buyer, in a browser of their own, pays on the provider's page.
    const buyer = await browser.newContext({ viewport: { width, height: 900 } });
    const buyerPage = await buyer.newPage();
    await buyerPage.goto(url!);
    await expect(buyerPage.getByText('Meera Iyer')).toBeVisible();
    await shot(buyerPage, `${env.dataDir}/sandbox-link-page-${width}.png`, { fullPage: true });
    await buyerPage.getByRole('button', { name: /^Pay ₹/ }).click();
    await expect(buyerPage).toHaveURL(/\/q\/[0-9A-Za-z]{12}$/);
    await buyer.close();

    await page.reload();
    await page.getByRole('tab', { name: 'Quotes' }).click();
    const paid = page.getByRole('list', { name: 'Payment links' }).getByRole('listitem').first();
    await expect(paid).toContainText('Paid');
    await expect(paid).toContainText(/Order ZV\d{6}-/);
    await shot(page, `${env.dataDir}/payment-links-paid-${width}.png`, { fullPage: true });
  });
}
