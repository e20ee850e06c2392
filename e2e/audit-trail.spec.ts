import type { Page } from '@playwright/test';
import { test, expect, acknowledge, env, signIn } from './fixtures';

async function openSection(page: Page, label: string, heading = `${label} Management`) {
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name: label, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Screenshots for looking at the screens (E2E_SCREENSHOTS=dir); none in a normal run. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/**
 * Issue 23 item 1: an admin changes a price and sees who changed it, when and from what in the
 * product's History and in the Audit trail; the header says who is signed in.
 */
for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a price change shows in the product's history and in the audit trail, with who and from what", async ({
      page,
      catalogue,
    }) => {
      const category = await catalogue.category();
      const product = await catalogue.product(category, { price: 15000 });
      await signIn(page, env.admin.username, env.admin.password);
      await expect(page.getByText('Signed in as')).toBeVisible();

      const search = page.getByPlaceholder('Search products...');
      await search.fill(product.name);
      const row = page.getByRole('row').filter({ hasText: product.name });
      await row.getByRole('button', { name: `Edit ${product.name}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Product' });
      await edit.getByRole('spinbutton', { name: /^Price \(₹\)/ }).fill('16500');
      await edit.getByRole('button', { name: 'Update Product' }).click();
      await acknowledge(page, 'Product updated successfully');

      await row.getByRole('button', { name: `Edit ${product.name}` }).click();
      const history = edit.getByRole('region', { name: 'History' });
      const change = history.getByRole('listitem').first();
      await expect(change).toContainText('Update');
      await expect(change).toContainText('Price');
      await expect(change).toContainText('₹15,000.00');
      await expect(change).toContainText('₹16,500.00');
      await expect(change).toContainText('127.0.0.1');
      await change.scrollIntoViewIfNeeded();
      await shot(page, `product-history-${width}`);
      await edit.getByRole('button', { name: 'Cancel' }).click();

      await openSection(page, 'Audit trail', 'Audit trail Management');
      const form = page.getByRole('form', { name: 'Search the audit trail' });
      // A select's name includes its chosen option ('Entity Any').
      await form.getByRole('combobox', { name: /^Entity/ }).selectOption('product');
      await form.getByRole('textbox', { name: 'Entity id' }).fill(String(product.id));
      await form.getByRole('button', { name: 'Search' }).click();
      const record = page.getByRole('row').filter({ hasText: '₹16,500.00' });
      await expect(record).toHaveCount(1);
      await expect(record).toContainText('e2e-admin@example.in');
      await shot(page, `audit-trail-${width}`);
    });
  });
}
