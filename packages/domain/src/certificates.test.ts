import { describe, expect, it } from 'vitest';
import { productInputSchema } from './catalogue-admin';
import { certificateInputSchema, gemInputSchema, STONE_ORIGIN_REQUIRED } from './certificates';
import { certificateVerifyUrl, stoneLabel } from './stones';
import { jewelleryPrice, productBreakup } from './jewellery-price';

const product = {
  name: 'Solitaire ring',
  sku: 'SOL-1',
  productType: 'MRP',
  price: 150_000,
  metal: { id: 1 },
  category: { id: 1 },
  stock: 1,
};
const igi = {
  lab: 'IGI',
  reportNumber: 'LG612345678',
  carat: 1.01,
  colour: 'F',
  clarity: 'VS1',
  cut: 'Excellent',
};

describe('stones and certificates', () => {
  it('a diamond must say whether it is natural or lab-grown', () => {
    const r = productInputSchema.safeParse({ ...product, gem: { kind: 'DIAMOND', certificate: igi } });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['gem', 'origin'], message: STONE_ORIGIN_REQUIRED }),
    );
    const ok = productInputSchema.parse({
      ...product,
      gem: { kind: 'DIAMOND', origin: 'LAB_GROWN', certificate: igi },
    });
    expect(ok.gem).toMatchObject({
      kind: 'DIAMOND',
      origin: 'LAB_GROWN',
      certificate: { lab: 'IGI', carat: 1.01 },
    });
  });

  it('a gemstone may leave its origin out, and a product may have no stones', () => {
    expect(gemInputSchema.safeParse({ kind: 'GEMSTONE' }).success).toBe(true);
    expect(productInputSchema.parse(product).gem).toBeUndefined();
    expect(productInputSchema.parse({ ...product, gem: null }).gem).toBeNull();
  });

  it('checks the report number against the lab and names the example', () => {
    const bad = certificateInputSchema.safeParse({ ...igi, lab: 'GIA', reportNumber: 'LG61234' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['reportNumber'] });
    expect(bad.error?.issues[0]?.message).toContain('GIA report number');
    expect(
      certificateInputSchema.parse({ ...igi, lab: 'GIA', reportNumber: ' 2141438167 ' }).reportNumber,
    ).toBe('2141438167');
    expect(certificateInputSchema.parse({ ...igi, reportNumber: 'lg 612345678' }).reportNumber).toBe(
      'LG612345678',
    );
  });

  it("'Other' needs the laboratory's name; carat must be positive with three decimals at most", () => {
    const other = certificateInputSchema.safeParse({ ...igi, lab: 'OTHER', reportNumber: 'ABC-1' });
    expect(other.error?.issues).toContainEqual(expect.objectContaining({ path: ['labName'] }));
    expect(certificateInputSchema.safeParse({ ...igi, carat: 0 }).success).toBe(false);
    expect(certificateInputSchema.safeParse({ ...igi, carat: 1.0001 }).success).toBe(false);
    expect(certificateInputSchema.safeParse({ ...igi, lab: 'NGTC' }).success).toBe(false);
  });

  it("links each known lab's verification page and none for others", () => {
    expect(certificateVerifyUrl('GIA', '2141438167')).toBe(
      'https://www.gia.edu/report-check?reportno=2141438167',
    );
    expect(certificateVerifyUrl('IGI', 'LG612345678')).toContain('LG612345678');
    expect(certificateVerifyUrl('OTHER', 'ABC-1')).toBeNull();
  });

  it('the breakup carries natural or lab-grown, for MRP and metal-priced pieces alike', () => {
    const base = {
      pricePaise: 100_000,
      netWeightMg: 0,
      makingKind: null,
      makingValue: 0,
      stonesPaise: 0,
      stonesDescription: null,
    };
    const mrp = productBreakup(
      { ...base, productType: 'MRP', metal: null, stoneKind: 'DIAMOND', stoneOrigin: 'NATURAL' },
      300,
    );
    expect(mrp.stone).toEqual({ kind: 'DIAMOND', origin: 'NATURAL' });
    const gold = productBreakup(
      {
        ...base,
        productType: 'GOLD',
        metal: { name: 'Gold', purity: '18K', ratePaise: 700_000 },
        netWeightMg: 3000,
        stoneKind: 'DIAMOND',
        stoneOrigin: 'LAB_GROWN',
      },
      300,
    );
    expect(gold.stone).toEqual({ kind: 'DIAMOND', origin: 'LAB_GROWN' });
    expect(productBreakup({ ...base, productType: 'MRP', metal: null }, 300).stone).toBeUndefined();
    expect(jewelleryPrice).toBeTypeOf('function');
    expect(stoneLabel('DIAMOND', 'LAB_GROWN')).toBe('Lab-grown diamond');
    expect(stoneLabel('GEMSTONE', null)).toBe('Gemstone');
  });
});
