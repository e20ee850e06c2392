import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, uid, PNG, type Catalogue, type MadeCategory } from './fixtures';

/** Scrolls the category page until the infinite scroll says there is nothing more. */
async function scrollToEnd(page: Page) {
  const end = page.getByText('No more products to load');
  for (let i = 0; i < 30 && !(await end.isVisible()); i++) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(300);
  }
  await expect(end).toBeVisible();
}

/** The shop '/' opens (DEFAULT_VENDOR_SLUG), as the server tells the web app. */
async function defaultShop(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/config');
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { defaultVendorSlug: string }).defaultVendorSlug;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const categoryUrl = (shop: string, name: string) =>
  new RegExp(`/${shop}/category/${escape(encodeURIComponent(name.toLowerCase()))}$`);

/**
 * A necklace department of its own: a parent and a child category, more pieces than one page of 15
 * (some trending), one piece to search for, and a stud in two colours with photos.
 */
async function necklaceDepartment(catalogue: Catalogue, id: string) {
  const parent = await catalogue.category({ name: `E2E Necklaces ${id}` });
  const child = await catalogue.category({ name: `E2E Gold Necklaces ${id}`, parent });
  const piece = (category: MadeCategory, overrides: Record<string, unknown>) =>
    catalogue.product(category, overrides);
  for (let n = 1; n <= 17; n++)
    await piece(n % 2 ? child : parent, { name: `E2E Necklace ${id} No ${n}`, trending: n <= 4 });
  const coin = await piece(child, { name: `E2E Lakshmi Coin Necklace ${id}` });
  const images = [await catalogue.image(), await catalogue.image()];
  const stud = (colour: string) =>
    piece(child, {
      name: `E2E Lotus Stud ${id} - ${colour}`,
      images,
      variantGroupId: `lotus-${id}`,
      variantType: 'Colour',
      variantValue: colour,
    });
  return { parent, child, coin, yellow: await stud('Yellow Gold'), rose: await stud('Rose Gold') };
}

test('a new shopper browses a shop, a category, a product, copies a coupon and writes a review', async ({
  page,
  context,
  request,
  makeShop,
  catalogue,
  adminRequest,
}) => {
  const id = uid();
  const { slug: shop } = await makeShop();
  const { parent, child, coin, yellow, rose } = await necklaceDepartment(catalogue, id);
  const { code } = await catalogue.coupon({ description: 'Welcome offer' });

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`/${escape(await defaultShop(request))}$`));

  await page.goto(`/${shop}`);
  await expect(page.getByRole('heading', { name: 'Trending Products' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shop by Category' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: child.name }).click();
  await expect(page).toHaveURL(categoryUrl(shop, child.name));
  await expect(page.getByRole('heading', { level: 1, name: child.name })).toBeVisible();

  await page.goto(`/${shop}/category/${encodeURIComponent(parent.name.toLowerCase())}`);
  await expect(page.getByRole('heading', { name: 'Explore Subcategories' })).toBeVisible();
  await expect(page.getByTestId('product-card')).toHaveCount(15);
  await scrollToEnd(page);
  expect(await page.getByTestId('product-card').count()).toBeGreaterThan(15);

  await page.getByRole('searchbox', { name: 'Search products' }).fill('lakshmi coin');
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await page.getByRole('link', { name: coin.name }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: coin.name })).toBeVisible();

  await page.goto(`/${shop}/product/${yellow.slug}`);
  const variants = page.getByRole('region', { name: /Available Variants/ });
  await expect(variants).toBeVisible();
  await variants.getByRole('link', { name: /Rose Gold/ }).click();
  await expect(page).toHaveURL(new RegExp(`/${escape(rose.slug)}$`));
  await expect(page.getByRole('heading', { level: 1, name: rose.name })).toBeVisible();

  await page.getByRole('button', { name: 'Open photo viewer' }).click();
  const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
  await expect(viewer).toBeVisible();
  await viewer.getByRole('button', { name: 'Previous image' }).click();
  await expect(viewer).toContainText(/(\d+) \/ \1/);
  await viewer.getByRole('button', { name: 'Close' }).click();

  // The offers list shows two coupons at first; this one may be behind 'See More Offers'.
  const copy = page.getByRole('button', { name: `Copy coupon code ${code}` });
  const more = page.getByRole('button', { name: 'See More Offers' });
  if (!(await copy.isVisible()) && (await more.isVisible())) await more.click();
  await copy.click();
  await expect(page.getByText('Coupon code copied to clipboard!')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

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
  // New reviews wait for a review manager before the shop shows them.
  await expect(
    page.getByText('Thank you! Your review awaits moderation and will appear once approved.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  const review = page.getByTestId('review').filter({ hasText: reviewer });
  await expect(review).toHaveCount(0);
  const waiting = await adminRequest.get('/api/reviews?status=PENDING&size=100');
  const mine = ((await waiting.json()) as { content: { id: number; name: string }[] }).content.find(
    (r) => r.name === reviewer,
  )!;
  expect(
    (await adminRequest.put(`/api/reviews/${mine.id}/status`, { data: { status: 'PUBLISHED' } })).status(),
  ).toBe(200);
  await page.reload();
  await page.getByRole('tab', { name: /Reviews/ }).click();
  await expect(review).toBeVisible();
  await expect(review.getByRole('img', { name: new RegExp(`from ${reviewer}`) })).toHaveCount(2);
});

test("a Basic vendor's shop never shows a Premium product", async ({
  page,
  request,
  makeShop,
  catalogue,
}) => {
  const id = uid();
  const premiumShop = await makeShop('PREMIUM');
  const basicShop = await makeShop('BASIC');
  const category = await catalogue.category({ name: `E2E Bangles ${id}` });
  await catalogue.product(category, { name: `E2E Everyday Bangle ${id}` });
  await catalogue.product(category, { name: `E2E Basic Bangle ${id}`, vendorPlan: 'BASIC' });
  const premium = await catalogue.product(category, {
    name: `E2E Rani Haar Bangle ${id}`,
    vendorPlan: 'PREMIUM',
  });
  const categoryPage = (shop: string) =>
    `/${shop}/category/${encodeURIComponent(category.name.toLowerCase())}`;

  await page.goto(categoryPage(premiumShop.slug));
  await scrollToEnd(page);
  await expect(page.getByRole('link', { name: premium.name }).first()).toBeVisible();

  await page.goto(categoryPage(basicShop.slug));
  await scrollToEnd(page);
  await expect(page.getByRole('link', { name: `E2E Basic Bangle ${id}` }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: premium.name })).toHaveCount(0);
  // Above the shop's tier the product page returns to '/', which opens the default shop.
  await page.goto(`/${basicShop.slug}/product/${premium.slug}`);
  await expect(page).toHaveURL(new RegExp(`/${escape(await defaultShop(request))}(/home)?$`));
  await page.goto(`/${basicShop.slug}/product/no-such-piece`);
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();

  const res = await request.get(`/api/products?vendorSlug=${basicShop.slug}&size=100`);
  const body = (await res.json()) as { content: Array<{ vendorPlan: string }> };
  expect(body.content.length).toBeGreaterThan(0);
  expect(body.content.every((p) => p.vendorPlan === 'FREE' || p.vendorPlan === 'BASIC')).toBe(true);
});
