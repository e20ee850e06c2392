import { z } from 'zod';
import {
  CERTIFICATE_LABS,
  gemInputSchema,
  HUID_COUNT_MESSAGE,
  STONE_KINDS,
  STONE_ORIGINS,
  MAKING_CHARGE_KINDS,
  PLANS,
  PRODUCT_TYPES,
  isHuid,
  jewelleryPrice,
  rupeesToPaise,
  type LineBreakup,
  type Metal,
  type CatalogueProduct as Product,
} from '@zevar/domain';
import { fromZonedInput, toZonedInput } from '../../../lib/format';

const money = z
  .string()
  .trim()
  .refine((v) => v !== '' && Number(v) >= 0 && Number.isFinite(Number(v)), 'Enter an amount of 0 or more');
const optionalMoney = z
  .string()
  .trim()
  .refine((v) => v === '' || (Number(v) >= 0 && Number.isFinite(Number(v))), 'Enter an amount of 0 or more');
const count = z
  .string()
  .trim()
  .refine(
    (v) => v === '' || (Number.isInteger(Number(v)) && Number(v) >= 0),
    'Enter a whole number of 0 or more',
  );

/** The product form's values (inputs are strings); `toProductBody` turns them into the API body. */
export const productFormSchema = z
  .object({
    name: z.string().trim().min(1, 'This field is required'),
    sku: z.string().trim().min(1, 'This field is required'),
    tagline: z.string(),
    description: z.string(),
    productType: z.enum(PRODUCT_TYPES),
    price: z.string(),
    originalPrice: optionalMoney,
    metalWeight: optionalMoney,
    purityId: z.string(),
    makingKind: z.enum(['', ...MAKING_CHARGE_KINDS]),
    makingValue: optionalMoney,
    stonesDescription: z.string(),
    stonesValue: optionalMoney,
    /** Diamonds or gemstones (issue 26 item 6): natural or lab-grown, and the certificate. */
    stoneKind: z.enum(['', ...STONE_KINDS]),
    stoneOrigin: z.enum(['', ...STONE_ORIGINS]),
    certLab: z.enum(['', ...CERTIFICATE_LABS]),
    certLabName: z.string(),
    certReport: z.string(),
    certCarat: z.string(),
    certColour: z.string(),
    certClarity: z.string(),
    certCut: z.string(),
    /** The certificate's uploaded scan (stored name), or ''. */
    certFile: z.string(),
    hallmarked: z.boolean(),
    /** HUIDs, one per piece, separated by spaces, commas or new lines. */
    huids: z.string(),
    stock: count,
    parentCategoryId: z.string(),
    categoryId: z.string().min(1, 'This field is required'),
    /** Required for every product, MRP included (back-office §5); the server refuses it missing too. */
    metalId: z.string(),
    vendorPlan: z.enum(PLANS),
    vendorCommission: optionalMoney,
    images: z.array(z.string()),
    specifications: z.object({ totalWeight: z.string(), dimensions: z.string(), purity: z.string() }),
    extraSpecifications: z.record(z.string(), z.string()),
    features: z.array(z.string()),
    sale: z.boolean(),
    trending: z.boolean(),
    isVariant: z.boolean(),
    variantGroupId: z.string(),
    variantType: z.string(),
    variantValue: z.string(),
    launchDate: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.metalId) {
      ctx.addIssue({ code: 'custom', path: ['metalId'], message: 'This field is required' });
    }
    if (v.productType === 'MRP' && !money.safeParse(v.price).success) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'This field is required' });
    }
    if (v.productType !== 'MRP' && !(Number(v.metalWeight) > 0)) {
      ctx.addIssue({ code: 'custom', path: ['metalWeight'], message: 'Metal weight must be above 0' });
    }
    if (v.productType !== 'MRP' && !v.purityId) {
      ctx.addIssue({ code: 'custom', path: ['purityId'], message: 'Choose the purity' });
    }
    if (v.makingKind === 'PERCENT' && Number(v.makingValue) > 100) {
      ctx.addIssue({ code: 'custom', path: ['makingValue'], message: 'At most 100 %' });
    }
    // The server's own rules and messages for the stones (lab-grown required for diamonds, report numbers).
    const gem = gemInputSchema.safeParse(toGem(v));
    if (!gem.success)
      for (const issue of gem.error.issues) {
        const field = GEM_FIELDS[issue.path.join('.')];
        if (field) ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
    const huids = huidList(v.huids);
    if (v.hallmarked) {
      const bad = huids.find((h) => !isHuid(h));
      if (bad)
        ctx.addIssue({ code: 'custom', path: ['huids'], message: `${bad}: a HUID is 6 letters or digits` });
      else if (huids.length !== num(v.stock))
        ctx.addIssue({ code: 'custom', path: ['huids'], message: HUID_COUNT_MESSAGE });
    }
  });
export type ProductFormValues = z.infer<typeof productFormSchema>;

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  sku: '',
  tagline: '',
  description: '',
  productType: 'MRP',
  price: '',
  originalPrice: '',
  metalWeight: '',
  purityId: '',
  makingKind: '',
  makingValue: '',
  stonesDescription: '',
  stonesValue: '',
  stoneKind: '',
  stoneOrigin: '',
  certLab: '',
  certLabName: '',
  certReport: '',
  certCarat: '',
  certColour: '',
  certClarity: '',
  certCut: '',
  certFile: '',
  hallmarked: false,
  huids: '',
  stock: '',
  parentCategoryId: '',
  categoryId: '',
  metalId: '',
  vendorPlan: 'FREE',
  vendorCommission: '',
  images: [],
  specifications: { totalWeight: '', dimensions: '', purity: '' },
  extraSpecifications: {},
  features: [],
  sale: false,
  trending: false,
  isVariant: false,
  variantGroupId: '',
  variantType: '',
  variantValue: '',
  launchDate: '',
};

const pad = (n: number) => String(Math.abs(Math.trunc(n))).padStart(2, '0');

/**
 * 'YYYY-MM-DDTHH:mm' (datetime-local, a wall-clock time of the business timezone) -> local ISO with
 * .000 and the zone's offset (back-office spec), e.g. '...T10:30:00.000+05:30'; null when not a time.
 */
export function toLocalIso(local: string): string | null {
  const instant = local ? fromZonedInput(local) : null;
  if (!instant) return null;
  const wall = local.slice(0, 16);
  const offset = Math.round((Date.parse(`${wall}:00.000Z`) - instant.getTime()) / 60_000);
  const sign = offset >= 0 ? '+' : '-';
  return `${wall}:00.000${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}

/** ISO -> the datetime-local input's value in the business timezone. */
export function toLocalInput(iso: string | null): string {
  return toZonedInput(iso);
}

const num = (v: string) => (v.trim() === '' ? 0 : Number(v));

/** Where the server's stone issues land in the form. */
const GEM_FIELDS: Record<string, keyof ProductFormValues> = {
  kind: 'stoneKind',
  origin: 'stoneOrigin',
  'certificate.lab': 'certLab',
  'certificate.labName': 'certLabName',
  'certificate.reportNumber': 'certReport',
  'certificate.carat': 'certCarat',
  'certificate.colour': 'certColour',
  'certificate.clarity': 'certClarity',
  'certificate.cut': 'certCut',
  'certificate.file': 'certFile',
};

type GemValues = Pick<
  ProductFormValues,
  | 'stoneKind'
  | 'stoneOrigin'
  | 'certLab'
  | 'certLabName'
  | 'certReport'
  | 'certCarat'
  | 'certColour'
  | 'certClarity'
  | 'certCut'
  | 'certFile'
>;

/** The stones as the API takes them: null when none; a certificate only when a lab is chosen. */
export function toGem(v: GemValues) {
  if (!v.stoneKind) return null;
  const text = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    kind: v.stoneKind,
    origin: v.stoneOrigin || null,
    certificate: v.certLab
      ? {
          lab: v.certLab,
          labName: text(v.certLabName),
          reportNumber: v.certReport,
          carat: v.certCarat.trim() === '' ? Number.NaN : Number(v.certCarat),
          colour: text(v.certColour),
          clarity: text(v.certClarity),
          cut: text(v.certCut),
          file: text(v.certFile),
        }
      : null,
  };
}
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The HUIDs typed in the form, upper-cased, in order. */
export function huidList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((h) => h.trim().toUpperCase())
    .filter(Boolean);
}

type PricingValues = Pick<
  ProductFormValues,
  'metalWeight' | 'purityId' | 'makingKind' | 'makingValue' | 'stonesDescription' | 'stonesValue'
>;

/**
 * The breakup the server will compute, previewed live as the admin types: the same domain function
 * (`jewelleryPrice`) on the purity's current rate and the configured GST (the server decides).
 */
export function previewBreakup(
  v: PricingValues,
  metal: Metal | undefined,
  gstBasisPoints: number,
): LineBreakup | null {
  const purity = metal?.purities.find((p) => String(p.id) === v.purityId);
  if (!metal || !purity) return null;
  try {
    return previewPrice(metal, purity, v, gstBasisPoints);
  } catch (err) {
    // Half-typed or out-of-range figures (negative, past what a price can hold): no preview yet.
    if (err instanceof RangeError) return null;
    throw err;
  }
}

function previewPrice(
  metal: Metal,
  purity: Metal['purities'][number],
  v: PricingValues,
  gstBasisPoints: number,
): LineBreakup {
  return jewelleryPrice({
    metalName: metal.name,
    purity: purity.name,
    ratePerGramPaise: rupeesToPaise(purity.price),
    netWeightMg: Math.round(num(v.metalWeight) * 1000),
    making: v.makingKind ? { kind: v.makingKind, value: Math.round(num(v.makingValue) * 100) } : null,
    stones:
      num(v.stonesValue) > 0 || v.stonesDescription.trim()
        ? { description: v.stonesDescription.trim(), valuePaise: rupeesToPaise(num(v.stonesValue)) }
        : null,
    gstBasisPoints,
  });
}

export function toProductBody(v: ProductFormValues) {
  const specs: Record<string, string> = { ...v.extraSpecifications };
  for (const [k, value] of Object.entries(v.specifications)) if (value.trim()) specs[k] = value.trim();
  return {
    name: v.name.trim(),
    sku: v.sku.trim(),
    tagline: orNull(v.tagline),
    description: orNull(v.description),
    productType: v.productType,
    price: v.productType === 'MRP' ? num(v.price) : undefined,
    originalPrice: v.originalPrice.trim() === '' ? null : Number(v.originalPrice),
    metalWeight: num(v.metalWeight),
    purity: v.productType !== 'MRP' && v.purityId ? { id: Number(v.purityId) } : null,
    making:
      v.productType !== 'MRP' && v.makingKind ? { kind: v.makingKind, value: num(v.makingValue) } : null,
    stones:
      v.productType !== 'MRP' && (num(v.stonesValue) > 0 || v.stonesDescription.trim())
        ? { description: v.stonesDescription.trim(), value: num(v.stonesValue) }
        : null,
    gem: toGem(v),
    hallmarked: v.hallmarked,
    huids: v.hallmarked ? huidList(v.huids) : [],
    stock: num(v.stock),
    category: { id: Number(v.categoryId) },
    metal: v.metalId ? { id: Number(v.metalId) } : null,
    vendorPlan: v.vendorPlan,
    vendorCommission: num(v.vendorCommission),
    images: v.images,
    specifications: specs,
    features: v.features,
    sale: v.sale,
    trending: v.trending,
    variantGroupId: v.isVariant ? orNull(v.variantGroupId) : null,
    variantType: v.isVariant ? orNull(v.variantType) : null,
    variantValue: v.isVariant ? orNull(v.variantValue) : null,
    launchDate: toLocalIso(v.launchDate),
  };
}

const KNOWN_SPECS = ['totalWeight', 'dimensions', 'purity'] as const;

export function fromProduct(p: Product): ProductFormValues {
  const extra = Object.fromEntries(
    Object.entries(p.specifications).filter(([k]) => !(KNOWN_SPECS as readonly string[]).includes(k)),
  );
  const str = (n: number | null) => (n === null ? '' : String(n));
  return {
    ...EMPTY_PRODUCT,
    name: p.name,
    sku: p.sku,
    tagline: p.tagline ?? '',
    description: p.description ?? '',
    productType: p.productType,
    price: String(p.price),
    originalPrice: str(p.originalPrice),
    metalWeight: p.metalWeight ? String(p.metalWeight) : '',
    purityId: p.purity ? String(p.purity.id) : '',
    makingKind: p.making?.kind ?? '',
    makingValue: p.making ? String(p.making.value) : '',
    stonesDescription: p.stones?.description ?? '',
    stonesValue: p.stones ? String(p.stones.value) : '',
    ...gemValues(p.gem),
    hallmarked: p.hallmarked,
    huids: p.huids.join(' '),
    stock: String(p.stock),
    parentCategoryId: String(p.category.parentCategory?.id ?? p.category.id),
    categoryId: String(p.category.id),
    metalId: p.metal ? String(p.metal.id) : '',
    vendorPlan: p.vendorPlan,
    vendorCommission: String(p.vendorCommission),
    images: p.images,
    specifications: {
      totalWeight: p.specifications.totalWeight ?? '',
      dimensions: p.specifications.dimensions ?? '',
      purity: p.specifications.purity ?? '',
    },
    extraSpecifications: extra,
    features: p.features,
    sale: p.sale,
    trending: p.trending,
    isVariant: Boolean(p.variantGroupId || p.variantType || p.variantValue),
    variantGroupId: p.variantGroupId ?? '',
    variantType: p.variantType ?? '',
    variantValue: p.variantValue ?? '',
    launchDate: toLocalInput(p.launchDate),
  };
}

function gemValues(gem: Product['gem']): GemValues {
  const c = gem?.certificate;
  return {
    stoneKind: gem?.kind ?? '',
    stoneOrigin: gem?.origin ?? '',
    certLab: c?.lab ?? '',
    certLabName: c?.labName ?? '',
    certReport: c?.reportNumber ?? '',
    certCarat: c ? String(c.carat) : '',
    certColour: c?.colour ?? '',
    certClarity: c?.clarity ?? '',
    certCut: c?.cut ?? '',
    certFile: c?.file ?? '',
  };
}
