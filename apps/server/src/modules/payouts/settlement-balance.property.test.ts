import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, lte, notInArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { approveKyc, createAdminUser, createVendor, type Actor } from '../../../test/factories';
import { deliver, earn, reverse } from '../../../test/settlement-fixtures';
import { payouts, vendorEarnings } from '../../db/schema';
import { UNCOUNTED, createSettlementService } from './settlement.service';
import { createSandboxPayoutProvider } from './sandbox-payout-provider';
import type { AppContext } from '../../context';

const DAY = 86_400_000;

/**
 * Issue 24: whatever the order of sales, refunds, returns and payouts (paid, failed by the bank,
 * reversed by the bank, or cancelled before approval), a reseller's balance (held plus payable, the
 * payable part negative when owed) equals the sum of its ledger entries less what payouts settled.
 * The sandbox provider fails an amount ending in 13 paise and reverses one ending in 17 paise.
 */
type Step =
  | { kind: 'sale'; paise: number; delivered: 'no' | 'inside-hold' | 'released' }
  | { kind: 'refund' | 'return'; pick: number; share: number }
  | { kind: 'payout'; cancel: boolean }
  | { kind: 'poll' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('sale' as const),
    paise: fc.oneof(fc.integer({ min: 100, max: 900_000 }), fc.constantFrom(150_013, 80_017, 1_00_000)),
    delivered: fc.constantFrom('no' as const, 'inside-hold' as const, 'released' as const),
  }),
  fc.record({
    kind: fc.constantFrom('refund' as const, 'return' as const),
    pick: fc.nat(20),
    share: fc.integer({ min: 1, max: 100 }),
  }),
  fc.record({ kind: fc.constant('payout' as const), cancel: fc.boolean() }),
  fc.record({ kind: fc.constant('poll' as const) }),
);

describe('a reseller’s balance equals its ledger, under any order of events', () => {
  let t: TestApp;
  let maker: Actor;
  let checker: Actor;
  let service: ReturnType<typeof createSettlementService>;
  beforeAll(async () => {
    t = await createTestApp({ env: { PAYOUT_APPROVAL_ABOVE_RUPEES: '1' } });
    maker = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    checker = await createAdminUser(t.app, t.db, ['MANAGE_VENDORS']);
    service = createSettlementService({
      db: t.db,
      config: t.config,
      now: () => new Date(),
      payoutProvider: createSandboxPayoutProvider(),
      log: t.app.log,
    } as unknown as AppContext);
  }, 300_000);
  afterAll(async () => t.close());

  const ledgerPaise = async (vendorId: number) => {
    const now = new Date();
    const [earned] = await t.db
      .select({ sum: sql<string>`coalesce(sum(${vendorEarnings.amountPaise}), 0)` })
      .from(vendorEarnings)
      .where(and(eq(vendorEarnings.vendorId, vendorId), lte(vendorEarnings.createdAt, now)));
    const [settled] = await t.db
      .select({ sum: sql<string>`coalesce(sum(${payouts.amountPaise}), 0)` })
      .from(payouts)
      .where(and(eq(payouts.vendorId, vendorId), notInArray(payouts.status, UNCOUNTED)));
    return Number(earned!.sum) - Number(settled!.sum);
  };

  it('held + payable = earnings − reversals − settled payouts, after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 7 }), async (steps) => {
        const v = await createVendor(t.app, t.db, {
          plan: 'BASIC',
          bankName: 'SBI',
          accountNumber: '5556667778',
          ifscCode: 'SBIN0001234',
          accountHolderName: 'Owner',
        });
        await approveKyc(t.db, v.id);
        const sales: { e: Awaited<ReturnType<typeof earn>>; paise: number; reversed: boolean }[] = [];
        for (const s of steps) {
          if (s.kind === 'sale') {
            const e = await earn(t.db, v.id, s.paise, new Date(Date.now() - 30 * DAY));
            if (s.delivered !== 'no')
              await deliver(
                t.db,
                e.orderId,
                new Date(Date.now() - (s.delivered === 'released' ? 10 : 2) * DAY),
              );
            sales.push({ e, paise: s.paise, reversed: false });
          } else if (s.kind === 'refund' || s.kind === 'return') {
            // One reversal per line: a refund reverses a share of it, a return all of it.
            const open = sales.filter((x) => !x.reversed);
            const sale = open[s.pick % Math.max(open.length, 1)];
            if (!sale) continue;
            const share =
              s.kind === 'return' ? sale.paise : Math.max(1, Math.floor((sale.paise * s.share) / 100));
            await reverse(t.db, sale.e, share, new Date(Date.now() - DAY));
            sale.reversed = true;
          } else if (s.kind === 'payout') {
            const run = await t.app.inject({
              method: 'POST',
              url: '/api/payout-runs',
              headers: maker.headers,
              payload: { vendorIds: [v.id] },
            });
            expect(run.statusCode).toBe(201);
            const { id, lines } = run.json() as { id: number; lines: unknown[] };
            if (lines.length > 0) {
              const res = await t.app.inject({
                method: 'POST',
                url: `/api/payout-runs/${id}/${s.cancel ? 'cancel' : 'approve'}`,
                headers: checker.headers,
              });
              expect(res.statusCode).toBe(200);
            }
          } else {
            // The job asks the provider about payouts in flight: a reversal by the bank lands here.
            await service.processDue();
          }
          const res = await t.app.inject({ url: '/api/settlement/balances', headers: maker.headers });
          const mine = (
            res.json() as { vendors: { vendorId: number; held: number; payable: number; owed: number }[] }
          ).vendors.find((b) => b.vendorId === v.id);
          const expected = await ledgerPaise(v.id);
          const balance = mine ? Math.round((mine.held + mine.payable) * 100) : 0;
          expect(balance, JSON.stringify(steps)).toBe(expected);
          if (mine) {
            expect(mine.held).toBeGreaterThanOrEqual(0);
            expect(mine.owed).toBe(Math.max(0, -mine.payable));
          }
        }
      }),
      { numRuns: 8, seed: 2424 },
    );
  }, 600_000);
});
