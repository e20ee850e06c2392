import { discountPercent, paiseToRupees, type CatalogueProduct, type Product } from '@zevar/domain';
import type { categories, metals, products } from '../../db/schema';

type ProductRow = typeof products.$inferSelect;
type CategoryRow = Pick<typeof categories.$inferSelect, 'id' | 'name'>;
type MetalRow = Pick<typeof metals.$inferSelect, 'id' | 'name' | 'ratePaise'>;

/** One product row with what the DTO needs from its neighbours (see selectProducts). */
export type ProductJoinedRow = {
  product: ProductRow;
  category: CategoryRow;
  parentCategory: CategoryRow | null;
  metal: MetalRow | null;
  averageRating: number | null;
  reviewCount: number;
};

export type LinkedVariant = Product['linkedVariants'][number];

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Maps a stored product to the API shape: paise become rupees, weight milligrams become grams. */
export function toProductDto(row: ProductJoinedRow, linkedVariants: LinkedVariant[] = []): CatalogueProduct {
  const p = row.product;
  return {
    id: p.id,
    sku: p.sku,
    name: p.name,
    slug: p.slug,
    tagline: p.tagline,
    description: p.description,
    productType: p.productType,
    price: paiseToRupees(p.pricePaise),
    originalPrice: p.originalPricePaise === null ? null : paiseToRupees(p.originalPricePaise),
    discountPercent: discountPercent(p.pricePaise, p.originalPricePaise),
    stock: p.stock,
    images: p.images,
    specifications: p.specifications,
    features: p.features,
    category: {
      id: row.category.id,
      name: row.category.name,
      parentCategory: row.parentCategory
        ? { id: row.parentCategory.id, name: row.parentCategory.name }
        : null,
    },
    metal: row.metal
      ? { id: row.metal.id, name: row.metal.name, price: paiseToRupees(row.metal.ratePaise) }
      : null,
    metalWeight: p.metalWeightMg / 1000,
    basePrice: paiseToRupees(p.basePaise),
    vendorPlan: p.plan,
    vendorCommission: paiseToRupees(p.vendorCommissionPaise),
    sale: p.sale,
    trending: p.trending,
    views: p.views,
    salesCount: p.salesCount,
    variantGroupId: p.variantGroupId,
    variantType: p.variantType,
    variantValue: p.variantValue,
    linkedVariants,
    launchDate: iso(p.launchDate),
    createdAt: p.createdAt.toISOString(),
    averageRating: row.averageRating === null ? null : Math.round(row.averageRating * 10) / 10,
    reviewCount: row.reviewCount,
  };
}

/** A sibling in the same variant group, as shown on the product page. */
export function toLinkedVariant(p: ProductRow): LinkedVariant {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    variantType: p.variantType,
    variantValue: p.variantValue,
    price: paiseToRupees(p.pricePaise),
    stock: p.stock,
    image: p.images[0] ?? null,
  };
}

/** The shopper's view of a product: the same answer without the reseller margin. */
export function toPublicProduct(p: CatalogueProduct): Product {
  const { vendorCommission: _margin, ...rest } = p;
  return rest;
}
