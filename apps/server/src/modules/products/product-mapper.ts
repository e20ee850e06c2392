import {
  certificateVerifyUrl,
  discountPercent,
  type Gem,
  makingValueFromStored,
  paiseToRupees,
  productBreakup,
  toPriceBreakup,
  type CatalogueProduct,
  type Product,
} from '@zevar/domain';
import type { categories, metalPurities, metals, products } from '../../db/schema';

type ProductRow = typeof products.$inferSelect;
type CategoryRow = Pick<typeof categories.$inferSelect, 'id' | 'name'>;
type MetalRow = Pick<typeof metals.$inferSelect, 'id' | 'name' | 'ratePaise'>;
type PurityRow = Pick<typeof metalPurities.$inferSelect, 'id' | 'name' | 'fineness' | 'ratePaise'>;

/** One product row with what the DTO needs from its neighbours (see selectProducts). */
export type ProductJoinedRow = {
  product: ProductRow;
  category: CategoryRow;
  parentCategory: CategoryRow | null;
  metal: MetalRow | null;
  purity: PurityRow | null;
  averageRating: number | null;
  reviewCount: number;
};

export type LinkedVariant = Product['linkedVariants'][number];

/** The stones as the API shows them, with the lab's verification link. */
export function gemOf(p: Pick<ProductRow, 'stoneKind' | 'stoneOrigin' | 'certificate'>): Gem | null {
  if (!p.stoneKind) return null;
  const c = p.certificate;
  return {
    kind: p.stoneKind,
    origin: p.stoneOrigin,
    certificate: c
      ? {
          lab: c.lab,
          labName: c.labName ?? null,
          reportNumber: c.reportNumber,
          carat: c.carat,
          colour: c.colour ?? null,
          clarity: c.clarity ?? null,
          cut: c.cut ?? null,
          file: c.file ?? null,
          verifyUrl: certificateVerifyUrl(c.lab, c.reportNumber),
        }
      : null,
  };
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The product's price breakup (paise, per unit) from its purity's current rate. */
export function breakupOf(row: Pick<ProductJoinedRow, 'product' | 'metal' | 'purity'>, gstBp: number) {
  const p = row.product;
  return productBreakup(
    {
      productType: p.productType,
      pricePaise: p.pricePaise,
      metal:
        row.metal && row.purity
          ? { name: row.metal.name, purity: row.purity.name, ratePaise: row.purity.ratePaise }
          : null,
      netWeightMg: p.metalWeightMg,
      makingKind: p.makingKind,
      makingValue: p.makingValue,
      stonesPaise: p.stonesPaise,
      stonesDescription: p.stonesDescription,
      stoneKind: p.stoneKind,
      stoneOrigin: p.stoneOrigin,
    },
    gstBp,
  );
}

/**
 * Maps a stored product to the API shape: paise become rupees, weight milligrams become grams, and
 * the breakup explains the price (GST at `gstBp` basis points).
 */
export function toProductDto(
  row: ProductJoinedRow,
  gstBp: number,
  linkedVariants: LinkedVariant[] = [],
  huids: string[] = [],
): CatalogueProduct {
  const p = row.product;
  const metalPriced = p.productType !== 'MRP';
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
    purity: row.purity ? { id: row.purity.id, name: row.purity.name, fineness: row.purity.fineness } : null,
    metalWeight: p.metalWeightMg / 1000,
    making:
      metalPriced && p.makingKind
        ? { kind: p.makingKind, value: makingValueFromStored(p.makingKind, p.makingValue) }
        : null,
    stones:
      metalPriced && (p.stonesPaise > 0 || p.stonesDescription)
        ? { description: p.stonesDescription ?? '', value: paiseToRupees(p.stonesPaise) }
        : null,
    gem: gemOf(p),
    hallmarked: p.hallmarked,
    priceBreakup: toPriceBreakup(breakupOf(row, gstBp)),
    huids,
    status: p.status,
    version: p.version,
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
  const { vendorCommission: _margin, huids: _pieces, status: _status, version: _version, ...rest } = p;
  return rest;
}
