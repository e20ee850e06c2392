import { test, expect, type Catalogue, type Shop } from './fixtures';

/*
 * Storefront pages arrive rendered by the server (decision 0021): readable before, and without, any
 * script; the app takes the markup over once the first screen is painted, and a tap that came
 * earlier is not lost.
 */

/** A shop of its own with one piece for sale: the address of the piece's page. */
async function onePiece(makeShop: () => Promise<Shop>, catalogue: Catalogue) {
  const shop = await makeShop();
  const product = await catalogue.product(await catalogue.category({}), {});
  return { shop, product, url: `/${shop.slug}/product/${product.slug}` };
}

test('a product page reads without JavaScript: name, price, breakup and the way to buy', async ({
  browser,
  makeShop,
  catalogue,
}) => {
  const { shop, product, url } = await onePiece(makeShop, catalogue);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText('Price Breakup')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart', exact: true }).first()).toBeVisible();
  // Links are plain links: the shop's home is one tap away, script or not.
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/${shop.slug}$`));
  await context.close();
});

test('a tap on Add to Cart before the app has taken the page over still adds the piece', async ({
  page,
  makeShop,
  catalogue,
}) => {
  const { url } = await onePiece(makeShop, catalogue);
  // The app's script is held back until the tap has been made on the server's markup.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url);
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).first().click();
  expect(await page.evaluate(() => localStorage.getItem('cart_items'))).toBeNull();
  release();
  await expect(page.getByRole('link', { name: 'Go to Cart' })).toBeVisible();
  const cart = JSON.parse(
    (await page.evaluate(() => localStorage.getItem('cart_items'))) ?? '[]',
  ) as unknown[];
  expect(cart).toHaveLength(1);
});
