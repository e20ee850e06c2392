import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { PLANS, productVisibleOnPlan, type Plan } from '@zevar/domain';
import { products } from '../../db/schema';
import { loadVisibleProducts } from './visible-products.read-model';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCategory, createProduct, createVendor } from '../../../test/factories';
import { initiate, orderBody, stockOf } from '../../../test/payment-journey';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A Free-plan product whose category (or the category's parent) belongs to a higher plan. */
async function hiddenProducts() {
  const premiumParent = await createCategory(t.db, { plan: 'PREMIUM' });
  const freeChild = await createCategory(t.db, { plan: 'FREE', parentId: premiumParent.id });
  const premiumCategory = await createCategory(t.db, { plan: 'PREMIUM' });
  return {
    underPremiumParent: await createProduct(t.db, { plan: 'FREE', categoryId: freeChild.id, stock: 5 }),
    inPremiumCategory: await createProduct(t.db, { plan: 'FREE', categoryId: premiumCategory.id, stock: 5 }),
  };
}

describe('one visibility rule for the storefront, cart quote, checkout and initiate-order', () => {
  it('a product hidden on a Free shop (by its category or parent category plan) cannot be bought through the cart', async () => {
    const shop = await createVendor(t.app, t.db, { plan: 'FREE' });
    const hidden = await hiddenProducts();
    for (const product of [hidden.underPremiumParent, hidden.inPremiumCategory]) {
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/products/slug/${product.slug}?vendorSlug=${shop.slug}`,
      });
      expect(page.statusCode).toBe(404);

      const quote = await t.app.inject({
        method: 'POST',
        url: `/api/cart/quote?vendorSlug=${shop.slug}`,
        payload: [{ productId: product.id, quantity: 1 }],
      });
      expect(quote.json().lines[0]).toMatchObject({ productId: product.id, available: false });
      expect(quote.json().subtotal).toBe(0);

      const checkout = await t.app.inject({
        method: 'POST',
        url: `/api/checkout?vendorSlug=${shop.slug}`,
        payload: [{ productSku: product.sku, quantity: 1 }],
      });
      expect(checkout.statusCode).toBe(409);

      const order = await initiate(t.app, orderBody(shop.slug, [{ productSku: product.sku, quantity: 1 }]));
      expect(order.statusCode).toBe(409);
      expect((await stockOf(t.db, product.id)).stock).toBe(5);
    }
  });

  it('the same products are shown and sold on a Premium shop', async () => {
    const shop = await createVendor(t.app, t.db, { plan: 'PREMIUM' });
    const hidden = await hiddenProducts();
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/products/slug/${hidden.underPremiumParent.slug}?vendorSlug=${shop.slug}`,
    });
    expect(page.statusCode).toBe(200);
    const order = await initiate(
      t.app,
      orderBody(shop.slug, [{ productSku: hidden.underPremiumParent.sku, quantity: 1 }]),
    );
    expect(order.statusCode).toBe(200);
    expect((await stockOf(t.db, hidden.underPremiumParent.id)).stock).toBe(4);
  });
});

describe('the plan rule is one rule for every read', () => {
  it("a product page lists only the linked variants the shop may sell (the variant's parent category plan included)", async () => {
    const shop = await createVendor(t.app, t.db, { plan: 'FREE' });
    const group = `group-${Date.now()}-${Math.random()}`;
    const hidden = await hiddenProducts();
    const shown = await createProduct(t.db, { plan: 'FREE', variantGroupId: group, name: `Shown ${group}` });
    const sibling = await createProduct(t.db, {
      plan: 'FREE',
      variantGroupId: group,
      name: `Sibling ${group}`,
    });
    await t.db
      .update(products)
      .set({ variantGroupId: group })
      .where(inArray(products.id, [hidden.underPremiumParent.id, hidden.inPremiumCategory.id]));
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/products/slug/${shown.slug}?vendorSlug=${shop.slug}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().linkedVariants.map((v: { id: number }) => v.id)).toEqual([sibling.id]);
  });

  it('the SQL rule and the domain rule agree on every combination of product, category and parent plans', async () => {
    const parents = await Promise.all(PLANS.map((plan) => createCategory(t.db, { plan })));
    const made: { id: number; plan: Plan; categoryPlan: Plan; parentCategoryPlan: Plan | null }[] = [];
    for (const parent of [null, ...parents]) {
      for (const categoryPlan of PLANS) {
        const category = await createCategory(t.db, { plan: categoryPlan, parentId: parent?.id ?? null });
        for (const plan of PLANS) {
          const product = await createProduct(t.db, { plan, categoryId: category.id });
          made.push({ id: product.id, plan, categoryPlan, parentCategoryPlan: parent?.plan ?? null });
        }
      }
    }
    for (const shopPlan of PLANS) {
      const shop = await createVendor(t.app, t.db, { plan: shopPlan });
      const visible = await loadVisibleProducts(
        t.db,
        { id: shop.id, slug: shop.slug, plan: shopPlan, name: 'Shop' },
        'id',
        made.map((m) => m.id),
      );
      expect(new Set(visible.map((v) => v.product.id))).toEqual(
        new Set(made.filter((m) => productVisibleOnPlan(shopPlan, m)).map((m) => m.id)),
      );
    }
  });
});
