import { test, expect, uid, shot } from './fixtures';

const inr = (n: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(n);

/**
 * Issue 20 item 14: a metal rate that moves while the cart is open is told in the cart and at checkout
 * (old → new per line, and the total difference) before the shopper pays, and the checkout's total is
 * the server's new amount.
 */
for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a rate change after Add to Cart is named in the cart and at checkout, and the total is the new amount', async ({
      page,
      request,
      adminRequest,
      catalogue,
    }) => {
      // An own metal, so no other journey's prices move: 22K at 916/1000 of the fine rate.
      const metal = (await (
        await adminRequest.post('/api/metals', { data: { name: `E2E Gold ${uid()}`, price: 6000 } })
      ).json()) as { id: number; name: string };
      const purityRes = await adminRequest.post(`/api/metals/${metal.id}/purities`, {
        data: { name: '22K', fineness: 916, rateMode: 'DERIVED' },
      });
      expect(purityRes.status(), await purityRes.text()).toBe(201);
      const purity = (await purityRes.json()) as { id: number };
      const category = await catalogue.category();
      const made = await adminRequest.post('/api/products', {
        data: {
          name: `E2E Necklace ${uid()}`,
          sku: `E2E-N-${uid()}`,
          productType: 'GOLD',
          metal: { id: metal.id },
          purity: { id: purity.id },
          metalWeight: 10,
          making: { kind: 'PERCENT', value: 12 },
          stock: 5,
          category: { id: category.id },
          vendorPlan: 'FREE',
        },
      });
      expect(made.status(), await made.text()).toBe(201);
      const product = (await made.json()) as { id: number; slug: string; name: string; price: number };
      try {
        const priceNow = async () =>
          (
            (await (await request.get(`/api/products/name/${product.slug}?vendorSlug=zevar`)).json()) as {
              price: number;
            }
          ).price;
        const before = await priceNow();

        await page.goto(`/zevar/product/${product.slug}`);
        await expect(page.getByTestId('product-price')).toContainText(inr(before));
        await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
        await page.getByRole('link', { name: 'Go to Cart' }).click();
        await expect(page.getByTestId('cart-total')).toBeVisible();
        await expect(page.getByTestId('price-change-notice')).toHaveCount(0);

        // The admin raises the rate by 15 %: refused without the second confirmation, saved with it.
        const { version } = (await (await adminRequest.get(`/api/metals/${metal.id}`)).json()) as {
          version: number;
        };
        const change = { name: metal.name, price: 6900, version };
        expect((await adminRequest.put(`/api/metals/${metal.id}`, { data: change })).status()).toBe(400);
        const saved = await adminRequest.put(`/api/metals/${metal.id}`, {
          data: { ...change, confirmBigChange: true },
        });
        expect(saved.status(), await saved.text()).toBe(200);
        const after = await priceNow();
        expect(after).toBeGreaterThan(before);

        await page.reload();
        const notice = page.getByTestId('price-change-notice');
        await expect(notice).toContainText('Prices have changed since you last saw them');
        await expect(notice.getByTestId('price-change-line')).toContainText(
          `${product.name}: ${inr(before)} → ${inr(after)} each`,
        );
        await expect(notice.getByTestId('price-change-total')).toContainText(
          `Your total is ${inr(Math.round((after - before) * 100) / 100)} higher than before.`,
        );
        await expect(page.getByTestId('cart-subtotal')).toContainText(inr(after));
        await shot(page, `${process.env.E2E_DATA_DIR}/cart-price-change-${width}.png`, { fullPage: true });

        // Not acknowledged in the cart: the checkout tells it too, and charges the new amount.
        await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
        const atCheckout = page.getByTestId('price-change-notice');
        await expect(atCheckout.getByTestId('price-change-line')).toContainText(
          `${inr(before)} → ${inr(after)}`,
        );
        await expect(page.getByTestId('checkout-total')).toContainText(inr(Math.ceil(after)));
        await shot(page, `${process.env.E2E_DATA_DIR}/checkout-price-change-${width}.png`, {
          fullPage: true,
        });

        // Back in the cart, acknowledging the new prices makes the notice go, and it stays gone.
        await page.goBack();
        await page.getByRole('button', { name: 'OK, I have seen the new prices' }).click();
        await expect(page.getByTestId('price-change-notice')).toHaveCount(0);
        await page.reload();
        await expect(page.getByTestId('cart-total')).toBeVisible();
        await expect(page.getByTestId('price-change-notice')).toHaveCount(0);
      } finally {
        await adminRequest.delete(`/api/products/${product.id}`);
        await adminRequest.delete(`/api/metals/${metal.id}/purities/${purity.id}`);
        await adminRequest.delete(`/api/metals/${metal.id}`);
      }
    });
  });
}
