import { test, expect } from './fixtures';

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
      await expect(breakup).toContainText('Making charges');
      await expect(breakup).toContainText(`Taxable value${inr(product.priceBreakup.taxableValue)}`);
      await expect(breakup).toContainText(`GST (3%)${inr(product.priceBreakup.gst.value)}`);
      await expect(breakup).toContainText(`Total${inr(product.price)}`);
      await expect(page.getByText('BIS Hallmarked · HUID')).toBeVisible();
      await expect(page.getByRole('figure', { name: 'Gold 22K rate, last 30 days' })).toBeVisible();
      await page.getByRole('tab', { name: 'Specifications' }).click();
      await expect(page.getByRole('tabpanel')).toContainText('Purity22K');
      await expect(page.getByRole('tabpanel')).toContainText('Net Weight22.000 g');
      await page.screenshot({
        path: `${process.env.E2E_DATA_DIR}/price-breakup-${width}.png`,
        fullPage: true,
      });

      await page.goto('/zevar');
      const rates = page.getByRole('region', { name: 'Today’s rates' });
      await expect(rates).toContainText('Gold 24K');
      await expect(rates).toContainText('Gold 22K');
      await expect(rates).toContainText('Silver 999');
      await expect(rates).toContainText('Updated');
    });
  });
}
