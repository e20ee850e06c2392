import type { Page } from '@playwright/test';
import { test, expect, uid } from './fixtures';

// A 4x4 PNG; the server re-encodes every review photo, so any real image will do.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGM4uUgdjhiI4wAAl7IZITrJEY0AAAAASUVORK5CYII=',
  'base64',
);

/** Scrolls the category page until the infinite scroll says there is nothing more. */
async function scrollToEnd(page: Page) {
  const end = page.getByText('No more products to load');
  for (let i = 0; i < 30 && !(await end.isVisible()); i++) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(300);
  }
  await expect(end).toBeVisible();
}

test('a new shopper browses the default shop, a category, a product, copies a coupon and writes a review', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await expect(page).toHaveURL(/\/zevar$/);
  await expect(page.getByRole('heading', { name: 'Trending Products' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shop by Category' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: 'Gold Necklaces' })
    .click();
  await expect(page).toHaveURL(/\/zevar\/category\/gold%20necklaces$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gold Necklaces' })).toBeVisible();

  await page.goto('/zevar/category/necklaces');
  await expect(page.getByRole('heading', { name: 'Explore Subcategories' })).toBeVisible();
  await expect(page.getByTestId('product-card')).toHaveCount(15);
  await scrollToEnd(page);
  expect(await page.getByTestId('product-card').count()).toBeGreaterThan(15);

  await page.getByRole('searchbox', { name: 'Search products' }).fill('lakshmi coin');
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await page.getByRole('link', { name: 'Lakshmi Coin Gold Necklace' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lakshmi Coin Gold Necklace' })).toBeVisible();

  await page.goto('/zevar/product/lotus-bloom-stud-yellow-gold');
  await expect(page.getByRole('heading', { name: /Available Variants/ })).toBeVisible();
  await page.getByRole('link', { name: /Rose Gold/ }).click();
  await expect(page).toHaveURL(/lotus-bloom-stud-rose-gold$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lotus Bloom Stud - Rose Gold' })).toBeVisible();

  await page.getByRole('button', { name: 'Open photo viewer' }).click();
  const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(viewer).toBeVisible();
  await viewer.getByRole('button', { name: 'Previous image' }).click();
  await expect(viewer).toContainText(/(\d+) \/ \1/);
  await viewer.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Copy coupon code WELCOME100' }).click();
  await expect(page.getByText('Coupon code copied to clipboard!')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('WELCOME100');

  const reviewer = `Shopper ${uid()}`;
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await page.getByRole('button', { name: 'Write a Review' }).click();
  const form = page.getByRole('dialog', { name: 'Write a Review' });
  await form.getByRole('button', { name: 'Rate 5 stars' }).click();
  await form.getByLabel('Your Name*').fill(reviewer);
  await form.getByLabel('Your Review*').fill('The rose gold finish is even prettier in person.');
  await form.getByLabel('Add Photos (max 5)').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: PNG },
    { name: 'two.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(form.getByText('2/5')).toBeVisible();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Review added successfully')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  const review = page.getByTestId('review').filter({ hasText: reviewer });
  await expect(review).toBeVisible();
  await expect(review.getByRole('img', { name: new RegExp(`from ${reviewer}`) })).toHaveCount(2);
});

test("a Basic vendor's shop never shows a Premium product", async ({ page, request }) => {
  const premium = 'Rani Haar Layered Gold Necklace';
  await page.goto('/zevar/category/necklaces');
  await scrollToEnd(page);
  await expect(page.getByRole('link', { name: premium }).first()).toBeVisible();

  await page.goto('/lakshmi-gold-house/category/necklaces');
  await scrollToEnd(page);
  await expect(page.getByRole('link', { name: premium })).toHaveCount(0);
  // Above the shop's tier the product page returns to '/', which opens the default shop.
  await page.goto('/lakshmi-gold-house/product/rani-haar-layered-gold-necklace');
  await expect(page).toHaveURL(/\/zevar(\/home)?$/);
  await page.goto('/lakshmi-gold-house/product/no-such-piece');
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();

  const res = await request.get('/api/products?vendorSlug=lakshmi-gold-house&size=100');
  const body = (await res.json()) as { content: Array<{ vendorPlan: string }> };
  expect(body.content.length).toBeGreaterThan(0);
  expect(body.content.every((p) => p.vendorPlan === 'FREE' || p.vendorPlan === 'BASIC')).toBe(true);
});
