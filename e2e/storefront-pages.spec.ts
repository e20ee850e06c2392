import type { Page } from '@playwright/test';
import { test, expect, uid, watchHydration } from './fixtures';

/*
 * Storefront pages as a shopper moves between them: where a page opens, names as long as the
 * catalogue allows, and text that must not widen a phone's page.
 */

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('a new page opens at its top, and Back returns to where the shopper was', async ({
  page,
  makeShop,
  catalogue,
}) => {
  await page.setViewportSize({ width: 390, height: 600 });
  const shop = await makeShop();
  const category = await catalogue.category({});
  const products = [];
  for (let i = 0; i < 4; i++) products.push(await catalogue.product(category, {}));
  const categoryUrl = `/${shop.slug}/category/${encodeURIComponent(category.name.toLowerCase())}`;
  const hydrated = await watchHydration(page);
  await page.goto(categoryUrl);
  await hydrated();

  // Within the app: a card's link opens the product at its top; Back returns to the list.
  await page.evaluate(() => window.scrollTo(0, 400));
  await page.getByTestId('product-card').getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.goBack();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(400);

  // A page loaded anew (a link followed before the app had run, an address typed) opens at its top
  // too, not where the page before it had been scrolled to.
  await page.evaluate(() => window.scrollTo(0, 350));
  await page.goto(`/${shop.slug}/product/${products[1]!.slug}`);
  await hydrated();
  await page.waitForTimeout(500);
  expect(await scrollY(page)).toBe(0);
  await page.goBack();
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(350);
});

test('a product whose name is as long as the catalogue allows opens from its card', async ({
  page,
  makeShop,
  catalogue,
}) => {
  const shop = await makeShop();
  const category = await catalogue.category({});
  const name = `Long ${uid()} ${'Antique Temple Gold Haram With Rubies '.repeat(6)}`.slice(0, 200).trim();
  const product = await catalogue.product(category, { name });
  expect(product.name.length).toBeGreaterThan(190);
  await page.goto(`/${shop.slug}/category/${encodeURIComponent(category.name.toLowerCase())}`);
  await page.getByTestId('product-card').getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Product Not Found')).toHaveCount(0);
  // Loaded anew, the server finds it too (status and first screen).
  const answer = await page.goto(`/${shop.slug}/product/${product.slug}`);
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('a long unbroken word in a name, the details or a review does not widen the page', async ({
  page,
  makeShop,
  catalogue,
  adminRequest,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const shop = await makeShop();
  const word = (length: number) => 'Kundanmeenakari'.repeat(20).slice(0, length);
  const product = await catalogue.product(await catalogue.category({}), {
    name: `${uid()} ${word(150)}`,
    tagline: word(200),
    description: word(400),
    features: [word(300)],
    specifications: { stones: word(300) },
  });
  // Added by the catalogue admin, the review is public at once.
  const review = await adminRequest.post('/api/reviews', {
    data: { productId: product.id, name: word(100), rating: 5, comment: `Lovely ${word(1200)} piece` },
  });
  expect(review.status(), await review.text()).toBe(201);
  await page.goto(`/${shop.slug}/product/${product.slug}`);
  const pageWidth = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await pageWidth()).toBe(0);
  // Each tab's own panel is shown (the features hold the same word, so the word alone proves nothing).
  const specifications = page.getByRole('tab', { name: 'Specifications' });
  await specifications.click();
  await expect(specifications).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Specifications' })).toContainText(`Stones${word(40)}`);
  expect(await pageWidth()).toBe(0);
  const reviews = page.getByRole('tab', { name: /Reviews/ });
  await reviews.click();
  await expect(reviews).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('review')).toContainText('Lovely');
  expect(await pageWidth()).toBe(0);
});
