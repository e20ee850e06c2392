import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, inArray } from 'drizzle-orm';
import {
  createAdminUser,
  createCoupon,
  createProduct,
  createVendor,
  type Actor,
} from '../../../test/factories';
import { coupons, orderItems, orders, vendorEarnings } from '../../db/schema';
import {
  capturedEvent,
  confirmUrl,
  initiate,
  orderBody,
  sandboxPay,
  stockOf,
  paymentTestApp,
  webhook,
} from '../../../test/payment-journey';
import { reconcilePayments } from '../payments';

const t = paymentTestApp();
let admin: Actor;
beforeAll(async () => {
  admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
});

const INITIAL = 4;
const COMMISSION = 5_000;
const PAID = ['CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED'] as const;

type Step =
  | { kind: 'order'; coupon: boolean }
  | { kind: 'pay' | 'cancel' | 'refund' | 'replay' | 'ship'; pick: number }
  | { kind: 'payout' | 'reconcile' | 'expire' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('order' as const), coupon: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('pay', 'cancel', 'refund', 'replay', 'ship'), pick: fc.nat(10) }),
  fc.record({ kind: fc.constantFrom('payout', 'reconcile', 'expire') }),
) as fc.Arbitrary<Step>;

describe('money invariants over random sequences', () => {
  it('stock, coupon uses and the earnings ledger always add up', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        const vendor = await createVendor(t.app, t.db, { plan: 'BASIC' });
        const product = await createProduct(t.db, {
          pricePaise: 200_000,
          stock: INITIAL,
          vendorCommissionPaise: COMMISSION,
        });
        const coupon = await createCoupon(t.db, { discountPaise: 1_000 });
        const placed: Array<{
          orderId: string;
          orderNumber: string;
          razorpayOrderId: string;
          paymentId?: string;
        }> = [];
        const pick = (n: number) => (placed.length ? placed[n % placed.length]! : undefined);
        for (const s of steps) {
          if (s.kind === 'order') {
            const extra = s.coupon ? { appliedCoupons: [coupon.code] } : {};
            const res = await initiate(
              t.app,
              orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }], extra),
            );
            if (res.statusCode === 200) placed.push(res.json());
          } else if (s.kind === 'pay') {
            const o = pick(s.pick);
            if (!o || o.paymentId) continue;
            const paid = await sandboxPay(t.app, o.razorpayOrderId);
            if (!paid.razorpay_payment_id) continue;
            o.paymentId = paid.razorpay_payment_id;
            await t.app.inject({ method: 'POST', url: confirmUrl(paid) });
          } else if (s.kind === 'replay') {
            const o = pick(s.pick);
            if (!o?.paymentId) continue;
            await webhook(
              t.app,
              t.config,
              capturedEvent(o.razorpayOrderId, o.paymentId),
              `evt_${Math.random()}`,
            );
          } else if (s.kind === 'cancel' || s.kind === 'refund' || s.kind === 'ship') {
            const o = pick(s.pick);
            if (!o) continue;
            const path =
              s.kind === 'cancel'
                ? 'status?status=CANCELLED&reason=Shopper%20asked'
                : s.kind === 'refund'
                  ? 'payment?status=REFUNDED&reason=Shopper%20asked'
                  : 'status?status=PROCESSING';
            await t.app.inject({
              method: 'PATCH',
              url: `/api/orders/${o.orderNumber}/${path}`,
              headers: admin.headers,
            });
          } else if (s.kind === 'payout') {
            await t.app.inject({
              method: 'POST',
              url: '/api/vendor-payouts',
              headers: admin.headers,
              payload: { vendorId: vendor.id },
            });
          } else if (s.kind === 'expire') {
            t.advance(60 * 60_000);
          } else {
            await reconcilePayments(t.ctx());
          }
        }

        const rows = await t.db
          .select({ order: orders, quantity: orderItems.quantity })
          .from(orders)
          .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
          .where(eq(orders.vendorId, vendor.id));
        const held = rows.filter((r) => !r.order.stockReleased).reduce((n, r) => n + r.quantity, 0);
        const paidNow = rows.filter(
          (r) => (PAID as readonly string[]).includes(r.order.status) && r.order.paymentStatus === 'CAPTURED',
        );
        const { stock, sales } = await stockOf(t.db, product.id);
        expect(stock + held).toBe(INITIAL);
        expect(sales).toBe(paidNow.reduce((n, r) => n + r.quantity, 0));
        const [c] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
        expect(c!.usedCount).toBe(paidNow.filter((r) => r.order.appliedCoupons.length > 0).length);
        const ledger = await t.db.select().from(vendorEarnings).where(eq(vendorEarnings.vendorId, vendor.id));
        expect(ledger.reduce((n, r) => n + r.amountPaise, 0)).toBe(
          paidNow.reduce((n, r) => n + r.quantity * COMMISSION, 0),
        );
        // Append-only: every reversal has its earning, and no line is earned or reversed twice.
        const reversed = ledger.filter((r) => r.kind === 'REVERSAL').map((r) => r.orderItemId);
        const earned = ledger.filter((r) => r.kind === 'EARNING').map((r) => r.orderItemId);
        expect(reversed.every((id) => earned.includes(id))).toBe(true);
        expect(new Set(earned).size).toBe(earned.length);
        const refunding = await t.db
          .select()
          .from(orders)
          .where(and(eq(orders.vendorId, vendor.id), inArray(orders.paymentStatus, ['CAPTURED'])));
        expect(refunding.every((o) => o.status !== 'CANCELLED')).toBe(true);
      }),
      { numRuns: 12 },
    );
  });
});
