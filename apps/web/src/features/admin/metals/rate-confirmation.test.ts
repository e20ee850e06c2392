// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { MetalRatePreview } from '@zevar/domain';
import { describeRateChange } from './rate-confirmation';

const preview = (over: Partial<MetalRatePreview>): MetalRatePreview => ({
  metalId: 1,
  oldPrice: 6000,
  newPrice: 5940,
  changePercent: -1,
  bigChange: false,
  productsAffected: 0,
  samples: [],
  ...over,
});

describe('the re-pricing notice of a rate change', () => {
  it('says when no product price changes', () => {
    expect(describeRateChange('Silver', preview({}))).toBe(
      'Silver: ₹6,000.00 → ₹5,940.00 per gram (-1%).\nNo product prices change.',
    );
  });

  it('names one changing product in the singular, with no “more” line when every one is shown', () => {
    expect(
      describeRateChange(
        'Gold',
        preview({
          newPrice: 6060,
          changePercent: 1,
          productsAffected: 1,
          samples: [{ id: 4, name: 'Temple Bangle', oldPrice: 61_800, newPrice: 62_418 }],
        }),
      ),
    ).toBe(
      'Gold: ₹6,000.00 → ₹6,060.00 per gram (+1%).\n1 product price changes:\n• Temple Bangle: ₹61,800.00 → ₹62,418.00',
    );
  });

  it('says which way a rate moves when the change rounds to 0 %, instead of a bare 0%', () => {
    expect(describeRateChange('Gold', preview({ oldPrice: 6855, newPrice: 6857, changePercent: 0 }))).toBe(
      'Gold: ₹6,855.00 → ₹6,857.00 per gram (+<0.1%).\nNo product prices change.',
    );
    expect(describeRateChange('Gold', preview({ oldPrice: 6857, newPrice: 6855, changePercent: 0 }))).toMatch(
      /\(-<0\.1%\)/,
    );
  });
});
