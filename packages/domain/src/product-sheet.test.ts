import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  IMPORT_MESSAGES,
  PRODUCT_SHEET_COLUMNS,
  emptySheetCells,
  parseProductRow,
  productSheetCells,
  sheetColumnsOf,
  type SheetCells,
  type SheetProduct,
  type SheetRefs,
} from './product-sheet';

const categories = new Map([
  ['rings', 1],
  ['necklaces', 2],
]);
const metals = new Map([
  ['gold', { id: 10, name: 'Gold' }],
  ['silver', { id: 11, name: 'Silver' }],
]);
const purities = new Map<number, Map<string, number>>([
  [
    10,
    new Map([
      ['22k', 100],
      ['18k', 101],
    ]),
  ],
  [11, new Map([['925', 110]])],
]);
const refs: SheetRefs = {
  category: (n) => categories.get(n.toLowerCase()),
  metal: (n) => metals.get(n.toLowerCase()),
  purity: (m, n) => purities.get(m)?.get(n.toLowerCase()),
  puritiesOf: (m) => [...(purities.get(m)?.keys() ?? [])].map((n) => n.toUpperCase()),
};

const ring: SheetProduct = {
  sku: 'RING-1',
  name: 'Lotus Ring',
  status: 'active',
  productType: 'GOLD',
  price: 65432.1,
  originalPrice: null,
  metal: 'Gold',
  purity: '22K',
  metalWeight: 4.125,
  making: { kind: 'PERCENT', value: 12.5 },
  stones: { description: 'Ruby', value: 1500 },
  gem: {
    kind: 'DIAMOND',
    origin: 'LAB_GROWN',
    certificate: {
      lab: 'IGI',
      labName: null,
      reportNumber: 'LG612345678',
      carat: 0.3,
      colour: 'F',
      clarity: 'VS1',
      cut: null,
      file: null,
    },
  },
  hallmarked: true,
  huids: ['AB12CD', 'ZX98YU'],
  stock: 2,
  category: 'Rings',
  vendorPlan: 'BASIC',
  vendorCommission: 250,
  tagline: 'Everyday gold',
  description: 'A ring.\nWith two lines.',
  images: ['abc.webp', 'https://cdn.example.com/x.jpg'],
  specifications: { Size: '12', Finish: 'Matte: brushed' },
  features: ['Light', 'BIS hallmarked'],
  sale: true,
  trending: false,
  variantGroupId: 'lotus',
  variantType: 'Size',
  variantValue: '12',
  launchDate: '2026-11-01T00:00:00.000Z',
};

const withCells = (over: Partial<SheetCells>) => ({ ...productSheetCells(ring), ...over });
const errorsOf = (cells: SheetCells) => {
  const r = parseProductRow(cells, refs);
  return r.ok ? [] : r.errors;
};

describe('product sheet rows', () => {
  it('reads back what the export wrote, names resolved to ids', () => {
    const r = parseProductRow(productSheetCells(ring), refs);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.row.status).toBe('active');
    expect(r.row.input).toMatchObject({
      sku: 'RING-1',
      name: 'Lotus Ring',
      productType: 'GOLD',
      category: { id: 1 },
      metal: { id: 10 },
      purity: { id: 100 },
      metalWeight: 4.125,
      making: { kind: 'PERCENT', value: 12.5 },
      stones: { description: 'Ruby', value: 1500 },
      huids: ['AB12CD', 'ZX98YU'],
      stock: 2,
      vendorPlan: 'BASIC',
      specifications: { Size: '12', Finish: 'Matte: brushed' },
      features: ['Light', 'BIS hallmarked'],
      images: ['abc.webp', 'https://cdn.example.com/x.jpg'],
    });
  });

  it('names the column of every unknown name, with the purities the metal has', () => {
    const errors = errorsOf(withCells({ category: 'Anklets', purity: '23K' }));
    expect(errors).toEqual(
      expect.arrayContaining([
        { column: 'Category', message: IMPORT_MESSAGES.unknownCategory('Anklets') },
        { column: 'Purity', message: 'Unknown purity "23K" of Gold (known: 22K, 18K)' },
      ]),
    );
    expect(errorsOf(withCells({ metal: 'Platinum' }))).toContainEqual({
      column: 'Metal',
      message: IMPORT_MESSAGES.unknownMetal('Platinum'),
    });
  });

  it('reports unreadable cells and the form rules by column', () => {
    const errors = errorsOf(withCells({ stock: '1.5', price: 'abc', hallmarked: 'maybe', huids: '' }));
    expect(errors.map((e) => e.column)).toEqual(['Stock', 'Price (₹)', 'BIS hallmarked']);
    expect(errorsOf(withCells({ metalWeight: '0' }))).toContainEqual({
      column: 'Net Metal Weight (grams)',
      message: 'Metal weight must be above 0',
    });
    expect(errorsOf(withCells({ price: 'abc', productType: 'MRP' }))).toContainEqual({
      column: 'Price (₹)',
      message: IMPORT_MESSAGES.notNumber,
    });
    // Two pieces in stock need two HUIDs (the form's rule).
    expect(errorsOf(withCells({ huids: 'AB12CD' })).map((e) => e.column)).toContain('HUIDs');
    expect(errorsOf(withCells({ category: '' }))).toContainEqual({
      column: 'Category',
      message: 'This field is required',
    });
    expect(errorsOf(withCells({ specifications: 'no colon here' }))).toContainEqual({
      column: 'Specifications',
      message: IMPORT_MESSAGES.badSpecification,
    });
  });

  it('reads Indian-style amounts and yes/no words', () => {
    const r = parseProductRow(
      withCells({ productType: 'mrp', price: '₹1,23,456.50', sale: 'Y', hallmarked: 'no', huids: '' }),
      refs,
    );
    expect(r.ok && r.row.input).toMatchObject({ productType: 'MRP', price: 123456.5, sale: true });
  });

  it('matches headers by name or key, and names unknown and repeated ones', () => {
    expect(sheetColumnsOf(['sku', ' Price (₹) ', 'STOCK']).columns).toEqual(['sku', 'price', 'stock']);
    const { errors } = sheetColumnsOf(['Name?', 'Stock', 'stock']);
    expect(errors).toEqual([
      IMPORT_MESSAGES.unknownColumn('Name?'),
      IMPORT_MESSAGES.duplicateColumn('stock'),
      IMPORT_MESSAGES.noSku,
    ]);
    expect(sheetColumnsOf(PRODUCT_SHEET_COLUMNS.map((c) => c.header)).errors).toEqual([]);
  });

  const amount = fc.integer({ min: 0, max: 10_000_000_00 }).map((p) => p / 100);
  const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,20}[A-Za-z0-9]$/);
  const product: fc.Arbitrary<SheetProduct> = fc
    .record({
      sku: fc.stringMatching(/^[A-Z0-9-]{1,20}$/),
      name: word,
      status: fc.constantFrom('active' as const, 'draft' as const, 'archived' as const),
      metalPriced: fc.boolean(),
      price: amount,
      originalPrice: fc.option(amount, { nil: null }),
      metalWeight: fc.integer({ min: 1, max: 1_000_000 }).map((mg) => mg / 1000),
      making: fc.option(
        fc.record({ kind: fc.constantFrom('FLAT' as const, 'PER_GRAM' as const), value: amount }),
        { nil: null },
      ),
      hallmarkedPieces: fc.option(fc.uniqueArray(fc.stringMatching(/^[A-Z0-9]{6}$/), { maxLength: 5 }), {
        nil: null,
      }),
      plainStock: fc.integer({ min: 0, max: 1_000_000 }),
      vendorCommission: amount,
      features: fc.array(word, { maxLength: 4 }),
      specifications: fc.dictionary(word, word, { maxKeys: 4 }),
      sale: fc.boolean(),
      tagline: fc.option(word, { nil: null }),
    })
    .map((g): SheetProduct => ({
      ...ring,
      sku: g.sku,
      name: g.name,
      status: g.status,
      productType: g.metalPriced ? 'GOLD' : 'MRP',
      price: g.price,
      originalPrice: g.originalPrice,
      purity: g.metalPriced ? '18K' : null,
      metalWeight: g.metalWeight,
      making: g.metalPriced ? g.making : null,
      stones: null,
      hallmarked: g.hallmarkedPieces !== null,
      huids: g.hallmarkedPieces ?? [],
      stock: g.hallmarkedPieces ? g.hallmarkedPieces.length : g.plainStock,
      vendorCommission: g.vendorCommission,
      features: g.features,
      specifications: g.specifications,
      sale: g.sale,
      tagline: g.tagline,
    }));

  it('property: any product the export writes reads back to the same fields', () => {
    fc.assert(
      fc.property(product, (p) => {
        const r = parseProductRow(productSheetCells(p), refs);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const i = r.row.input;
        expect(r.row.status).toBe(p.status);
        expect([i.sku, i.name, i.productType, i.stock, i.hallmarked]).toEqual([
          p.sku,
          p.name,
          p.productType,
          p.stock,
          p.hallmarked,
        ]);
        expect(i.price).toBe(p.price);
        expect(i.originalPrice ?? null).toBe(p.originalPrice);
        expect(i.metalWeight).toBe(p.metalWeight);
        expect(i.making ?? null).toEqual(p.making);
        expect(i.huids).toEqual(p.huids);
        expect(i.vendorCommission).toBe(p.vendorCommission);
        expect(i.features).toEqual(p.features);
        expect(i.specifications).toEqual(p.specifications);
        expect(i.tagline).toBe(p.tagline);
      }),
      { numRuns: 200 },
    );
  }, 60_000);

  it('property: no text in any cell throws; a failed row names only real columns', () => {
    const headers = new Set<string>(PRODUCT_SHEET_COLUMNS.map((c) => c.header));
    const cells = fc.record(
      Object.fromEntries(
        PRODUCT_SHEET_COLUMNS.map((c) => [c.key, fc.oneof(fc.string(), fc.constantFrom('', '1', 'yes'))]),
      ) as Record<keyof SheetCells, fc.Arbitrary<string>>,
    );
    fc.assert(
      fc.property(cells, (c) => {
        const r = parseProductRow({ ...emptySheetCells(), ...c }, refs);
        if (!r.ok) {
          expect(r.errors.length).toBeGreaterThan(0);
          for (const e of r.errors) expect(headers.has(e.column)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
    // 300 rows of 40 random cells: seconds on a loaded machine.
  }, 60_000);
});
