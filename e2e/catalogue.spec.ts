import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { test, expect, acknowledge, env, signIn, uid } from './fixtures';

/** A small real image, generated here so the journey needs no fixture files. */
async function pngFile(name: string, color: string) {
  const buffer = await sharp({ create: { width: 320, height: 200, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

async function openSection(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name: label, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `${label} Management` })).toBeVisible();
}

/** Waits for the global dialog to say `message`, then presses its OK. */
async function confirm(page: Page, message: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: message });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

test('an admin builds and maintains the catalogue through the web app', async ({ page }) => {
  // A long journey (about 90 s alone, several minutes on a loaded CI machine).
  test.setTimeout(300_000);
  const id = uid();
  const parentName = `Bridal ${id}`;
  const childName = `Necklaces ${id}`;
  const metalName = `Gold ${id}`;
  const productName = `Lotus Necklace ${id}`;

  await signIn(page, env.admin.username, env.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  // Categories: a parent and a child, each with image and banner.
  await openSection(page, 'Categories');
  for (const [name, parent] of [
    [parentName, null],
    [childName, parentName],
  ] as const) {
    await page.getByLabel('Category Name').fill(name);
    if (parent) await page.getByLabel('Parent Category').selectOption({ label: parent });
    await page.getByLabel('Upload category image').setInputFiles(await pngFile('cat.png', '#c9a227'));
    await expect(page.getByRole('img', { name: 'Category Image preview' })).toBeVisible();
    await page.getByLabel('Upload banner image').setInputFiles(await pngFile('banner.png', '#7f5b22'));
    await expect(page.getByRole('img', { name: 'Banner Image preview' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Category' }).click();
    await acknowledge(page, 'Category added successfully');
  }
  await expect(page.getByRole('listitem', { name: childName })).toContainText(parentName);

  // Metals: a gold rate of 6,000 rupees a gram.
  await openSection(page, 'Metals');
  await page.getByLabel('Metal name').fill(metalName);
  await page.getByLabel('Price per gram (₹)').fill('6000');
  await page.getByRole('button', { name: 'Add Metal' }).click();
  await acknowledge(page, 'Metal added successfully');

  // Products: a Gold product with two images; price = (6,000 x 2.5 + 1,000 making) x 1.03 GST = 16,480
  // (a metal named other than gold or silver starts with one purity, 'Fine', at the metal's rate).
  await openSection(page, 'Products');
  // The add form opens on demand, above the list.
  await page.getByRole('button', { name: 'Add New Product' }).click();
  const form = page.getByRole('form', { name: 'Add product' });
  await form.getByLabel('Product Name').fill(productName);
  await form.getByLabel('SKU').fill(`LN-${id}`);
  await form.getByLabel('Product Type').selectOption('GOLD');
  await form.getByLabel('Description').fill('Hand-set lotus necklace in 22K gold.');
  await form.getByLabel('Parent Category').selectOption({ label: parentName });
  await form.getByLabel('Category', { exact: true }).selectOption({ label: childName });
  await form.getByLabel('Metal', { exact: true }).selectOption({ label: `${metalName} (₹6,000.00/g)` });
  await form.getByRole('combobox', { name: 'Purity' }).selectOption({ label: 'Fine (₹6,000.00/g)' });
  await form.getByLabel('Net Metal Weight (grams)').fill('2.5');
  await form.getByRole('combobox', { name: 'Making charge' }).selectOption('FLAT');
  await form.getByLabel('Making charge value').fill('1000');
  await expect(form.getByTestId('computed-price')).toContainText('Total₹16,480.00');
  await form.getByLabel('Stock', { exact: true }).fill('5');
  await form.getByLabel('Vendor Commission (₹)').fill('250');
  await form.getByLabel('Total Weight (grams)').fill('2.5');
  await form.getByLabel('Launch Date').fill('2026-12-01T10:30');
  await form
    .getByLabel('Images', { exact: true })
    .setInputFiles([await pngFile('front.png', '#d4a853'), await pngFile('side.png', '#b8893b')]);
  await expect(form.getByRole('list', { name: 'Product images' }).getByRole('listitem')).toHaveCount(2);
  await form.getByRole('button', { name: 'Add Product' }).click();
  await acknowledge(page, 'Product added successfully');

  // Found through search and through the filters.
  const search = page.getByPlaceholder('Search products...');
  await search.fill(productName);
  const row = page.getByRole('row').filter({ hasText: productName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${parentName} - ${childName}`);
  await expect(row).toContainText('₹16,480.00');
  await expect(row).toContainText('In Stock');
  await search.fill(`no such product ${id}`);
  await expect(page.getByText('No Products Found')).toBeVisible();
  await search.fill('');
  // The list keeps its rows while a filter's answer is on its way, and they move when it comes: each
  // step waits for the filtered answer itself (one product, nothing loading), so that the Edit click
  // below does not land while the rows are redrawn.
  const listed = page.getByText('1 products', { exact: true });
  await page.getByLabel('Filter by category').selectOption({ label: `${parentName} - ${childName}` });
  await expect(listed).toBeVisible();
  await expect(row).toHaveCount(1);
  await page.getByLabel('Filter by category').selectOption('');
  await page.getByLabel('Filter by metal').selectOption({ label: metalName });
  await expect(listed).toBeVisible();
  await expect(row).toHaveCount(1);
  const productId = Number(((await row.getByRole('cell').nth(2).textContent()) ?? '').match(/#(\d+)/)?.[1]);
  expect(productId).toBeGreaterThan(0);

  // Edit in the popup (page scroll locked while open).
  await row.getByRole('button', { name: `Edit ${productName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(edit).toBeVisible();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  // Stock is shown, not edited: it changes by an adjustment with a reason (or by sales).
  await expect(edit.getByLabel('Stock', { exact: true })).toHaveAttribute('readonly', '');
  await edit.getByLabel('Tagline').fill('Edited in the popup');
  await edit.getByRole('button', { name: 'Update Product' }).click();
  await acknowledge(page, 'Product updated successfully');
  await row.getByRole('button', { name: `Adjust stock of ${productName}` }).click();
  const stock = page.getByRole('dialog', { name: `Stock of ${productName}` });
  await stock.getByLabel(/Pieces in/).fill('-2');
  await stock.getByLabel('Reason').fill('Two pieces sent for repair');
  await stock.getByRole('button', { name: 'Adjust Stock', exact: true }).click();
  await expect(stock.getByTestId('stock-now')).toHaveText('3');
  await expect(stock).toContainText('Two pieces sent for repair');
  await stock.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByRole('cell').nth(8)).toHaveText('3');

  // A new gold rate re-prices the product: (7,000 x 2.5 + 1,000) x 1.03 = 19,055.
  await openSection(page, 'Metals');
  const card = page.getByRole('listitem', { name: metalName });
  await card.getByRole('button', { name: 'Edit' }).click();
  await card.getByLabel('Price per gram').fill('7000');
  await card.getByRole('button', { name: 'Save' }).click();
  // The change is previewed first (how many products change), and asked twice above 10 %.
  const preview = page.getByRole('dialog', { name: 'Confirm Rate Change' });
  await expect(preview).toContainText('1 product price changes');
  await preview.getByRole('button', { name: 'Save Rate' }).click();
  // 6,000 -> 7,000 is +16.7 %: asked a second time.
  const twice = page.getByRole('dialog', { name: 'Large Rate Change' });
  await expect(twice).toContainText('+16.7%');
  await twice.getByRole('button', { name: 'Yes, save it' }).click();
  await acknowledge(page, 'Metal updated successfully');
  await openSection(page, 'Products');
  await page.getByPlaceholder('Search products...').fill(productName);
  await expect(page.getByRole('row').filter({ hasText: productName })).toContainText('₹19,055.00');

  // Bulk actions: the selected product moves to the Basic plan; the plan filter then finds it.
  await page.getByRole('checkbox', { name: `Select ${productName}` }).check();
  const bulk = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bulk).toContainText('1 selected');
  await bulk.getByLabel('Bulk action').selectOption('plan');
  await bulk.getByLabel('New plan').selectOption('BASIC');
  await bulk.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('dialog', { name: 'Bulk Action' }).getByRole('button', { name: 'Apply' }).click();
  await acknowledge(page, '1 product updated.');
  await page.getByLabel('Filter by plan').selectOption('BASIC');
  await expect(page.getByRole('row').filter({ hasText: productName })).toHaveCount(1);

  // Carousel: add a slide to the product, then delete it after confirming.
  await openSection(page, 'Carousel');
  await page.getByLabel('Upload carousel image').setInputFiles(await pngFile('slide.png', '#5f441a'));
  await page.getByLabel('Link Type').selectOption('PRODUCT');
  await page.getByLabel('Target ID').fill(String(productId));
  await page.getByRole('button', { name: 'Add Image' }).click();
  await acknowledge(page, 'Image added successfully');
  const slides = page
    .getByRole('list', { name: 'Carousel images' })
    .getByRole('listitem')
    .filter({ hasText: `Product #${productId}` });
  await expect(slides).toHaveCount(1);
  await slides.getByRole('button', { name: 'Delete' }).click();
  await confirm(page, 'Are you sure you want to delete this image?');
  await acknowledge(page, 'Image deleted successfully');
  await expect(slides).toHaveCount(0);
});
