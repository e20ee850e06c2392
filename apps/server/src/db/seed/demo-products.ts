import {
  jewelleryPrice,
  makingValueToStored,
  PLAN_WEIGHTS,
  rupeesToPaise,
  slugify,
  type Plan,
} from '@zevar/domain';
import type { products } from '../schema';
import { DEMO_CATEGORIES, type DemoProduct } from './demo-catalogue';
import { productPicture, type Finish, type ProductPicture, type Shape } from './demo-images';

/** One demo product with everything but its database ids and stored images. */
export type PlannedProduct = {
  def: DemoProduct;
  index: number;
  sku: string;
  categoryName: string;
  plan: Plan;
  shape: Shape;
  finish: Finish;
  pictures: ProductPicture[];
};

/**
 * A product's pictures: the first is its own (its piece, finish and stones, varied by its index); the
 * others are closer or velvet views shared by a parent category's products of the same piece, finish
 * and stones, which keeps the seed fast (each product still gets its own files).
 */
function picture(
  def: DemoProduct,
  shape: Shape,
  finish: Finish,
  view: number,
  index: number,
  parentIndex: number,
): ProductPicture {
  return productPicture(
    def.name,
    def.stones?.description,
    shape,
    finish,
    view,
    view === 0 ? index : parentIndex,
  );
}

const higher = (a: Plan, b: Plan | undefined): Plan => (b && PLAN_WEIGHTS[b] > PLAN_WEIGHTS[a] ? b : a);

/** Every demo product in a fixed order, so SKUs, names and slugs are the same on each run. */
export function planProducts(): PlannedProduct[] {
  const out: PlannedProduct[] = [];
  DEMO_CATEGORIES.forEach((parent, parentIndex) => {
    for (const child of parent.children) {
      child.products.forEach((def, i) => {
        const index = out.length;
        const finish =
          def.finish ??
          (def.type === 'SILVER'
            ? 'silver'
            : parent.finish === 'silver' && def.type === 'MRP'
              ? 'silver'
              : 'gold');
        const count = 2 + (index % 3);
        out.push({
          def,
          index,
          sku: `ZV-${child.code}-${String(i + 1).padStart(3, '0')}`,
          categoryName: child.name,
          plan: higher(child.plan, def.plan),
          shape: parent.shape,
          finish,
          pictures: Array.from({ length: count }, (_, view) =>
            picture(def, parent.shape, finish, view, index, parentIndex),
          ),
        });
      });
    }
  });
  return out;
}

const PURITY = { MRP: 'Gold plated' } as const;

const FEATURES: Record<DemoProduct['type'], string[]> = {
  GOLD: [
    'BIS hallmarked 22K gold',
    'Price follows the day’s gold rate',
    'Free insured shipping across India',
    'Certificate of authenticity',
  ],
  SILVER: [
    '925 sterling silver, hallmarked',
    'Anti-tarnish finish',
    'Skin friendly and nickel free',
    'Comes in a velvet pouch',
  ],
  MRP: [
    'Handcrafted by artisans',
    'Hypoallergenic base metal',
    'Lightweight for all-day wear',
    'Gift-ready packaging',
  ],
};

/** The purity a demo piece is priced at: its own, else 22K gold or 925 silver. */
export const purityOf = (d: DemoProduct) => d.purity ?? (d.type === 'GOLD' ? '22K' : '925');

type Purities = (type: 'GOLD' | 'SILVER', name: string) => { id: number; ratePaise: number };

function pricing(p: PlannedProduct, purities: Purities, gstBp: number) {
  const d = p.def;
  if (d.type === 'MRP')
    return { pricePaise: (d.mrp ?? 0) * 100, metalWeightMg: 0, purityId: null, making: null, stones: null };
  const purity = purities(d.type, purityOf(d));
  const metalWeightMg = Math.round((d.w ?? 0) * 1000);
  const making = d.making ?? { kind: 'FLAT' as const, value: d.base ?? 0 };
  const stones = d.stones
    ? { description: d.stones.description, valuePaise: rupeesToPaise(d.stones.value) }
    : null;
  const breakup = jewelleryPrice({
    metalName: d.type === 'GOLD' ? 'Gold' : 'Silver',
    purity: purityOf(d),
    ratePerGramPaise: purity.ratePaise,
    netWeightMg: metalWeightMg,
    making: { kind: making.kind, value: makingValueToStored(making) },
    stones,
    gstBasisPoints: gstBp,
  });
  return { pricePaise: breakup.totalPaise, metalWeightMg, purityId: purity.id, making, stones };
}

/** Deterministic stock between 0 and 40 unless the catalogue fixes it. */
const stockOf = (p: PlannedProduct) => p.def.stock ?? 10 + ((p.index * 7) % 31);

export type ProductIds = {
  categoryId: (name: string) => number;
  metalId: (type: 'GOLD' | 'SILVER') => number;
  purity: Purities;
  gstBp: number;
};

export function productRow(
  p: PlannedProduct,
  images: string[],
  ids: ProductIds,
  now: Date,
): typeof products.$inferInsert {
  const d = p.def;
  const { pricePaise, metalWeightMg, purityId, making, stones } = pricing(p, ids.purity, ids.gstBp);
  const discount = [0, 8, 12, 15, 0, 20, 10][p.index % 7]!;
  const originalPricePaise = discount ? Math.round(pricePaise / (1 - discount / 100) / 100) * 100 : null;
  const grams = d.type === 'MRP' ? (4 + (p.index % 9) * 2.5).toFixed(1) : (d.w ?? 0).toFixed(1);
  const day = 24 * 3600 * 1000;
  return {
    sku: p.sku,
    name: d.name,
    slug: slugify(d.name),
    tagline: `${d.type === 'MRP' ? 'Handcrafted' : d.type === 'GOLD' ? purityOf(d) : '925 Sterling'} ${p.categoryName.toLowerCase()} for every celebration`,
    description: `${d.name} from the Zevar ${p.categoryName} collection. Crafted by skilled karigars with a ${p.finish === 'silver' ? 'bright silver' : 'warm gold'} finish, it pairs beautifully with sarees, lehengas and festive wear.`,
    productType: d.type,
    pricePaise,
    originalPricePaise,
    // Every product names its metal (back-office §5): a plated MRP piece names the metal of its finish.
    metalId: ids.metalId(d.type === 'MRP' ? (p.finish === 'silver' ? 'SILVER' : 'GOLD') : d.type),
    purityId,
    metalWeightMg,
    makingKind: making?.kind ?? null,
    makingValue: making ? makingValueToStored(making) : 0,
    stonesPaise: stones?.valuePaise ?? 0,
    stonesDescription: stones?.description ?? null,
    stoneKind: d.gem?.kind ?? null,
    stoneOrigin: d.gem?.origin ?? null,
    certificate: d.gem?.certificate ?? null,
    hallmarked: d.type === 'GOLD',
    stock: stockOf(p),
    categoryId: ids.categoryId(p.categoryName),
    plan: p.plan,
    vendorCommissionPaise: Math.round((pricePaise * (2 + (p.index % 4))) / 100 / 100) * 100,
    images,
    specifications: {
      totalWeight: grams,
      dimensions: `${20 + (p.index % 5) * 6} mm x ${12 + (p.index % 4) * 5} mm`,
      purity: d.type === 'MRP' ? PURITY.MRP : d.type === 'GOLD' ? purityOf(d) : `${purityOf(d)} Sterling`,
    },
    features: FEATURES[d.type].slice(0, 2 + (p.index % 3)).map((f) => f.replace('22K', purityOf(d))),
    sale: discount >= 12,
    trending: p.index % 5 === 0,
    views: 40 + ((p.index * 137) % 1900),
    salesCount: (p.index * 37) % 120,
    variantGroupId: d.variant?.group ?? null,
    variantType: d.variant?.type ?? null,
    variantValue: d.variant?.value ?? null,
    launchDate: new Date(now.getTime() - (p.index * 4 + 2) * day),
    createdAt: new Date(now.getTime() - p.index * 3600 * 1000),
  };
}

/** Deterministic demo HUIDs: 6 base-36 characters from a running number (unique across the seed). */
export function demoHuid(n: number): string {
  return `Z${(n * 7919 + 104_729).toString(36).toUpperCase().padStart(5, '0').slice(-5)}`;
}
