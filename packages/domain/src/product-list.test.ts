import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ADMIN_LOW_STOCK_BELOW,
  BULK_MESSAGES,
  adminProductListQuery,
  bulkProductInputSchema,
  bulkSkipReason,
  inStockBand,
  type BulkTarget,
} from './product-list';

const target = (over: Partial<BulkTarget> = {}): BulkTarget => ({
  status: 'active',
  productType: 'GOLD',
  plan: 'FREE',
  categoryId: 1,
  vendorCommissionPaise: 0,
  makingKind: null,
  makingValue: 0,
  ...over,
});

describe('stock bands', () => {
  it('puts every stock level in exactly one of out and in, and low only inside in', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (stock) => {
        expect(inStockBand(stock, 'out')).toBe(!inStockBand(stock, 'in'));
        if (inStockBand(stock, 'low')) expect(inStockBand(stock, 'in')).toBe(true);
        expect(inStockBand(stock, 'low')).toBe(stock > 0 && stock < ADMIN_LOW_STOCK_BELOW);
      }),
    );
  });
});

describe('bulk skip reasons', () => {
  it('leaves alone a product already in the state the action asks for', () => {
    expect(bulkSkipReason({ kind: 'archive' }, target({ status: 'archived' }))).toBe(
      BULK_MESSAGES.alreadyArchived,
    );
    expect(bulkSkipReason({ kind: 'archive' }, target({ status: 'draft' }))).toBeNull();
    expect(bulkSkipReason({ kind: 'publish' }, target())).toBe(BULK_MESSAGES.alreadyActive);
    expect(bulkSkipReason({ kind: 'publish' }, target({ status: 'archived' }))).toBeNull();
    expect(bulkSkipReason({ kind: 'plan', plan: 'FREE' }, target())).toBe(BULK_MESSAGES.samePlan);
    expect(bulkSkipReason({ kind: 'category', categoryId: 2 }, target())).toBeNull();
    expect(
      bulkSkipReason({ kind: 'commission', vendorCommission: 1 }, target({ vendorCommissionPaise: 100 }), {
        commissionPaise: 100,
      }),
    ).toBe(BULK_MESSAGES.sameCommission);
  });

  it('never gives a fixed-price product a making charge', () => {
    const making = { kind: 'making' as const, making: { kind: 'FLAT' as const, value: 10 } };
    expect(bulkSkipReason(making, target({ productType: 'MRP' }), { makingStored: 1000 })).toBe(
      BULK_MESSAGES.makingNeedsMetal,
    );
    expect(bulkSkipReason(making, target(), { makingStored: 1000 })).toBeNull();
    expect(
      bulkSkipReason(making, target({ makingKind: 'FLAT', makingValue: 1000 }), { makingStored: 1000 }),
    ).toBe(BULK_MESSAGES.sameMaking);
  });
});

describe('inputs', () => {
  it('takes the list query from a query string', () => {
    expect(adminProductListQuery.parse({ size: '50', hallmarked: 'false', plan: 'basic' })).toMatchObject({
      size: 50,
      hallmarked: false,
      plan: 'BASIC',
      sort: 'id',
      direction: 'desc',
    });
    expect(adminProductListQuery.safeParse({ size: '31' }).success).toBe(false);
  });

  it('refuses a selection naming a product twice', () => {
    const parsed = bulkProductInputSchema.safeParse({
      products: [
        { id: 1, version: 1 },
        { id: 1, version: 2 },
      ],
      action: { kind: 'publish' },
    });
    expect(parsed.success).toBe(false);
  });
});
