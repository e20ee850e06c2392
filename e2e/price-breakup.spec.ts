import { readFileSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { test, expect, shot } from './fixtures';

async function pdfText(file: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(readFileSync(file)) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** A 22K necklace of the demo catalogue: its price explained line by line (issue 13). */
for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a shopper opens a 22K necklace and sees the price breakup, the hallmark, purity and net weight', async ({
      page,
      request,
    }) => {
      const product = (await (
        await request.get('/api/products/name/peacock-filigree-gold-necklace?vendorSlug=zevar')
      ).json()) as {
        price: number;
        priceBreakup: {
          metal: { purity: string; value: number };
          taxableValue: number;
          gst: { value: number };
          total: number;
        };
      };
      expect(product.priceBreakup.metal.purity).toBe('22K');
      expect(product.priceBreakup.total).toBe(product.price);

      await page.goto('/zevar/product/peacock-filigree-gold-necklace');
      const inr = (n: number) =>
        new Intl.NumberFormat('en-IN', {
          style: 'currency',
          currency: 'INR',
          minimumFractionDigits: 2,
        }).format(n);
      await expect(page.getByTestId('product-price')).toContainText(inr(product.price));
      const breakup = page.getByRole('region', { name: 'Price Breakup' });
      await expect(breakup).toContainText('Gold 22K');
      await expect(breakup).toContainText('Making charges12% of metal value');
      await expect(breakup).toContainText(`Taxable value${inr(product.priceBreakup.taxableValue)}`);
      await expect(breakup).toContainText(`GST (3%)${inr(product.priceBreakup.gst.value)}`);
      await expect(breakup).toContainText(`Total${inr(product.price)}`);
      await expect(page.getByText('BIS Hallmarked · HUID')).toBeVisible();
      await expect(page.getByRole('figure', { name: 'Gold 22K rate, last 30 days' })).toBeVisible();
      await page.getByRole('tab', { name: 'Specifications' }).click();
      await expect(page.getByRole('tabpanel')).toContainText('Purity22K');
      await expect(page.getByRole('tabpanel')).toContainText('Net Weight22.000 g');
      await shot(page, `${process.env.E2E_DATA_DIR}/price-breakup-${width}.png`, { fullPage: true });

      // Today's rates are in the home page's HTML (first paint), not fetched after the script loads.
      const html = await (await request.get('/zevar')).text();
      expect(html).toContain('"/api/metal-rates"');
      await page.goto('/zevar');
      const rates = page.getByRole('region', { name: 'Today’s rates' });
      await expect(rates).toContainText('Gold 24K');
      await expect(rates).toContainText('Gold 22K');
      await expect(rates).toContainText('Silver 999');
      await expect(rates).toContainText('Updated');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `${process.env.E2E_DATA_DIR}/home-rates-${width}.png`);
      await shot(rates, `${process.env.E2E_DATA_DIR}/home-rates-strip-${width}.png`);
    });
  });
}

test('a shopper buys the 22K necklace and downloads a tax invoice whose figures are the page’s; refunded, the status page says so', async ({
  page,
  request,
  adminRequest,
}) => {
  const product = (await (
    await request.get('/api/products/name/peacock-filigree-gold-necklace?vendorSlug=zevar')
  ).json()) as {
    price: number;
    priceBreakup: { metal: { purity: string }; taxableValue: number; gst: { value: number }; total: number };
  };
  const inr = (n: number) =>
    new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(
      n,
    );

  await page.goto('/zevar/product/peacock-filigree-gold-necklace');
  await expect(page.getByRole('region', { name: 'Price Breakup' })).toContainText(
    `Total${inr(product.price)}`,
  );
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
  await page.getByRole('link', { name: 'Go to Cart' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.getByLabel('Full Name').fill('Meera Iyer');
  await page.getByLabel('Email').fill('meera.e2e@example.in');
  await page.getByLabel('Phone').fill('9876501234');
  await page.getByLabel('Street Address').fill('4 Marine Drive');
  await page.getByLabel('City').fill('Mumbai');
  await page.getByLabel('State').selectOption('Maharashtra');
  await page.getByLabel('PIN Code').fill('400020');
  // Above the PAN threshold the checkout asks for the buyer's PAN, which the invoice then carries.
  const pan = page.getByLabel('PAN', { exact: true });
  if (await pan.isVisible()) await pan.fill('ABCPE1234F');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page
    .getByRole('dialog', { name: 'Sandbox payment' })
    .getByRole('button', { name: 'Pay now' })
    .click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download invoice' }).click();
  const invoice = await pdfText((await (await downloading).path())!);
  const pageTotal = (await page.getByTestId('order-total').textContent())!.trim();
  expect(invoice).toContain(`Invoice total ${pageTotal}`);
  // A Maharashtra buyer of a Maharashtra seller pays CGST + SGST; the line explains the price.
  expect(invoice).toContain('CGST @ 1.5%');
  expect(invoice).toContain('Gold 22K · Net wt 22.000 g');
  expect(invoice).toMatch(/HUID: [A-Z0-9]{6}/);
  // The invoice shows the taxable value and GST the page's breakup showed, to the paisa.
  expect(invoice).toContain(`Taxable value ${inr(product.priceBreakup.taxableValue)}`);
  const gstPaise = Math.round(product.priceBreakup.gst.value * 100);
  const cgstPaise = Math.floor(gstPaise / 2);
  expect(invoice).toContain(`CGST @ 1.5% ${inr(cgstPaise / 100)}`);
  expect(invoice).toContain(`SGST @ 1.5% ${inr((gstPaise - cgstPaise) / 100)}`);

  // The admin cancels the paid order: the sandbox refunds it, and the status page says what happened.
  const orderNumber = (await page.getByTestId('order-number').textContent())!.trim();
  const cancelled = await adminRequest.patch(
    `/api/orders/${encodeURIComponent(orderNumber)}/status?status=CANCELLED&reason=Shopper%20asked`,
  );
  expect(cancelled.ok(), await cancelled.text()).toBeTruthy();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Refunded' })).toBeVisible();
    await expect(page.getByText('Payment Failed')).toHaveCount(0);
    await expect(page.getByTestId('refunded-amount')).toHaveText(pageTotal);
    await expect(page.getByRole('button', { name: 'Download invoice' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Credit note ZC\// })).toBeVisible();
    await shot(page, `${process.env.E2E_DATA_DIR}/refunded-status-${width}.png`, { fullPage: true });
  }
});
