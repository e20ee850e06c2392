import { slugify, type Plan } from '@zevar/domain';
import { demoVendors } from './demo-accounts';
import { DEMO_CATEGORIES } from './demo-catalogue';
import { demoCoupons } from './demo-extras';
import { planProducts } from './demo-products';

const productRef = (name: string) => ({ name, slug: slugify(name) });

/**
 * The fixed names of the demo data, for tests and end-to-end journeys. Everything here is derived
 * from the seed definitions, so it cannot drift from what the seed writes.
 */
export function demoFixtures(defaultVendorSlug = 'zevar') {
  const planned = planProducts();
  const vendors = demoVendors(defaultVendorSlug).map((v) => ({
    username: v.username,
    slug: v.slug,
    plan: v.plan as Plan,
  }));
  const lotus = planned
    .filter((p) => p.def.variant?.group === 'lotus-bloom-stud')
    .map((p) => productRef(p.def.name));
  return {
    vendors,
    adminUsernames: { superAdmin: 'demo-admin', catalogue: 'demo-catalogue' },
    parentCategories: DEMO_CATEGORIES.map((c) => c.name),
    childCategories: DEMO_CATEGORIES.flatMap((c) => c.children.map((ch) => ch.name)),
    productCount: planned.length,
    goldProduct: productRef('Lakshmi Coin Gold Necklace'),
    silverProduct: productRef('Ghungroo Silver Payal'),
    mrpProduct: productRef('Meenakari Kundan Choker Set'),
    variantGroup: { id: 'lotus-bloom-stud', type: 'Color', products: lotus },
    premiumOnlyProduct: productRef('Rani Haar Layered Gold Necklace'),
    outOfStockProduct: productRef('Jaipur Kundan Bridal Set'),
    coupons: demoCoupons(new Date()).map((c) => c.code),
    expiredCoupon: 'DIWALI2025',
  };
}
