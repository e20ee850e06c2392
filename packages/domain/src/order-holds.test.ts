import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  holdWaitMinutes,
  MAX_HOLD_WAIT_MINUTES,
  mergeOrderLines,
  orderQuantityProblem,
  unpaidHoldAllowance,
} from './order-holds';

const caps = { perItem: 10, perOrder: 30 };

describe('order quantity caps', () => {
  it('counts a SKU repeated on several lines as one line', () => {
    const repeated = [1, 2, 3].map(() => ({ productSku: 'RING-1', quantity: 10 }));
    expect(orderQuantityProblem(repeated, caps)).toBe('perItem');
    expect(
      orderQuantityProblem(
        [
          { productSku: 'RING-1', quantity: 6 },
          { productSku: ' RING-1 ', quantity: 5 },
        ],
        caps,
      ),
    ).toBe('perItem');
    expect(
      mergeOrderLines([
        { productSku: 'A', quantity: 2 },
        { productSku: 'B', quantity: 1 },
        { productSku: 'A ', quantity: 3 },
      ]),
    ).toEqual([
      { productSku: 'A', quantity: 5 },
      { productSku: 'B', quantity: 1 },
    ]);
  });

  it('accepts an order exactly when every merged line and the total are within the caps', () => {
    const line = fc.record({
      productSku: fc.constantFrom('A', 'B', 'C', ' A'),
      quantity: fc.integer({ min: 1, max: 15 }),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), (items) => {
        const perSku = new Map<string, number>();
        for (const i of items)
          perSku.set(i.productSku.trim(), (perSku.get(i.productSku.trim()) ?? 0) + i.quantity);
        const total = items.reduce((n, i) => n + i.quantity, 0);
        const ok = [...perSku.values()].every((q) => q <= caps.perItem) && total <= caps.perOrder;
        expect(orderQuantityProblem(items, caps) === null).toBe(ok);
        expect(mergeOrderLines(items).reduce((n, l) => n + l.quantity, 0)).toBe(total);
      }),
    );
  });
});

describe('the share of a product unpaid orders may hold', () => {
  it('is the share rounded down: a single piece is never held by an unpaid order', () => {
    expect(unpaidHoldAllowance(1, 50)).toBe(0);
    expect(unpaidHoldAllowance(2, 50)).toBe(1);
    expect(unpaidHoldAllowance(10, 50)).toBe(5);
    expect(unpaidHoldAllowance(7, 50)).toBe(3);
    expect(unpaidHoldAllowance(7, 100)).toBe(7);
  });

  it('leaves at least one piece of every product unheld, for any share below 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 99 }), (total, share) => {
        expect(unpaidHoldAllowance(total, share)).toBeLessThan(total);
      }),
    );
  });
});

describe('waiting after orders left unpaid', () => {
  it('is free below the threshold, then doubles from the base, at most a day', () => {
    expect(holdWaitMinutes(2, 3, 5)).toBe(0);
    expect(holdWaitMinutes(3, 3, 5)).toBe(5);
    expect(holdWaitMinutes(4, 3, 5)).toBe(10);
    expect(holdWaitMinutes(6, 3, 5)).toBe(40);
    expect(holdWaitMinutes(500, 3, 5)).toBe(MAX_HOLD_WAIT_MINUTES);
  });

  it('never shortens when more orders were left unpaid', () => {
    fc.assert(
      fc.property(
        fc.nat(200),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 60 }),
        (n, free, base) => {
          expect(holdWaitMinutes(n + 1, free, base)).toBeGreaterThanOrEqual(holdWaitMinutes(n, free, base));
        },
      ),
    );
  });
});
