import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { test, expect, env, signIn, shot } from './fixtures';

/** Issue 23 item 5: export the catalogue, change a price in the file, check it, apply it, see it. */
test('an admin exports the products, edits a price in the file and imports it back', async ({
  page,
  catalogue,
}, testInfo) => {
  test.setTimeout(180_000);
  const category = await catalogue.category();
  const product = await catalogue.product(category, { price: 1500 });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, env.admin.username, env.admin.password);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name: 'Products', exact: true })
    .click();

  // Export: the file has every column of the form and this product's row.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const rows = parse(readFileSync((await download.path())!), { bom: true, columns: true }) as Array<
    Record<string, string>
  >;
  const row = rows.find((r) => r.SKU === product.sku)!;
  expect(row['Product Name']).toBe(product.name);
  expect(row['Price (₹)']).toBe('1500');
  expect(row.Category).toBe(category.name);

  // The operator keeps this product's row and changes its price.
  const edited = Buffer.from(
    stringify([Object.keys(row), Object.values({ ...row, 'Price (₹)': '1234.50' })]),
  );

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Products' });
  await dialog
    .getByLabel('File to import')
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: edited });
  await dialog.getByRole('button', { name: 'Check File' }).click();
  await expect(dialog.getByTestId('import-summary')).toContainText(
    '0 new, 1 changed, 0 unchanged, 0 error(s)',
  );
  const change = dialog.getByRole('region', { name: 'Changes' });
  await expect(change).toContainText(product.sku);
  await expect(change).toContainText('Price (₹): 1500 → 1234.5');
  await shot(page, testInfo.outputPath('import-dry-run-1280.png'));

  await dialog.getByRole('button', { name: 'Apply Import' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Import applied: 0 product(s) added, 1 updated.');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByPlaceholder('Search products...').fill(product.name);
  await expect(page.getByRole('row').filter({ hasText: product.name })).toContainText('₹1,234.50');

  // The phone width: the dialog's errors and changes stay readable.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await dialog.getByLabel('File to import').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      stringify([Object.keys(row), Object.values({ ...row, Category: 'Nowhere', 'Price (₹)': '999' })]),
    ),
  });
  await dialog.getByRole('button', { name: 'Check File' }).click();
  await expect(dialog.getByRole('region', { name: 'Errors' })).toContainText('Unknown category "Nowhere"');
  await expect(dialog.getByRole('button', { name: 'Apply Import' })).toHaveCount(0);
  await shot(page, testInfo.outputPath('import-errors-390.png'));
});
