import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { createTestApp } from '../../../test/test-app';
import { createCoupon, createProduct, createVendor } from '../../../test/factories';
import {
  coupons,
  emailOutbox,
  emailTemplates,
  orders,
  paymentEvents,
  refunds,
  vendorEarnings,
} from '../../db/schema';
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
import { reconcilePayments } from './reconciler';
import { createInvoicesService } from '../invoices';
import { deliverDueEmails } from '../mail';

const t = paymentTestApp();

async function newOrder(stock = 5, extra: object = {}) {
  const vendor = await createVendor(t.app, t.db);
  const product = await createProduct(t.db, { pricePaise: 100_000, stock, vendorCommissionPaise: 7_000 });
  const res = await initiate(
    t.app,
    orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }], extra),
  );
  expect(res.statusCode).toBe(200);
  return {
    vendor,
    product,
    init: res.json() as { orderId: string; razorpayOrderId: string; amount: number; cancelKey: string },
  };
}

describe('stock reservation under contention', () => {
  it('50 concurrent buyers of the last piece: exactly one order holds it and stock never goes below 0', async () => {
    const vendor = await createVendor(t.app, t.db);
    const product = await createProduct(t.db, { stock: 1 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }])),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(`${product.name} is out of stock`);
    expect((await stockOf(t.db, product.id)).stock).toBe(0);
    const held = await t.db.select().from(orders).where(eq(orders.vendorSlug, vendor.slug));
    expect(held).toHaveLength(1);
  });
});

describe('exactly-once payment effects', () => {
  it('the same confirmation, webhooks and reconciler replayed many times in random order have one effect', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('confirm', 'captured', 'order.paid', 'reconcile', 'dup-webhook'), {
          minLength: 3,
          maxLength: 10,
        }),
        async (steps) => {
          const coupon = await createCoupon(t.db, { discountPaise: 5_000 });
          const { product, init } = await newOrder(5, { appliedCoupons: [coupon.code] });
          const paid = await sandboxPay(t.app, init.razorpayOrderId);
          const pid = paid.razorpay_payment_id;
          await Promise.all(
            steps.map((step, i) => {
              if (step === 'confirm') return t.app.inject({ method: 'POST', url: confirmUrl(paid) });
              if (step === 'reconcile') return reconcilePayments(t.ctx());
              if (step === 'dup-webhook')
                return webhook(
                  t.app,
                  t.config,
                  capturedEvent(init.razorpayOrderId, pid),
                  `evt_dup_${init.orderId}`,
                );
              return webhook(
                t.app,
                t.config,
                capturedEvent(
                  init.razorpayOrderId,
                  pid,
                  step === 'captured' ? 'payment.captured' : 'order.paid',
                ),
                `evt_${i}_${init.orderId}`,
              );
            }),
          );
          const [order] = await t.db.select().from(orders).where(eq(orders.id, init.orderId));
          expect(order).toMatchObject({ status: 'CONFIRMED', paymentStatus: 'CAPTURED', paymentId: pid });
          expect(await stockOf(t.db, product.id)).toEqual({ stock: 4, sales: 1 });
          expect(
            await t.db.select().from(vendorEarnings).where(eq(vendorEarnings.orderId, init.orderId)),
          ).toHaveLength(1);
          const [c] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
          expect(c!.usedCount).toBe(1);
          const mails = await t.db
            .select()
            .from(emailOutbox)
            .where(eq(emailOutbox.dedupeKey, `order-confirmation:${init.orderId}`));
          expect(mails).toHaveLength(1);
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('POST /api/webhooks/razorpay', () => {
  it('confirms an order whose browser never returned', async () => {
    const { init } = await newOrder();
    const paid = await sandboxPay(t.app, init.razorpayOrderId);
    const res = await webhook(
      t.app,
      t.config,
      capturedEvent(init.razorpayOrderId, paid.razorpay_payment_id),
      `evt_nb_${init.orderId}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'confirmed' });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, init.orderId));
    expect(order!.status).toBe('CONFIRMED');
  });

  it('rejects a wrong signature or an altered body and changes nothing', async () => {
    const { init } = await newOrder();
    const event = capturedEvent(init.razorpayOrderId, 'pay_forged');
    const wrong = await webhook(t.app, t.config, event, `evt_bad_${init.orderId}`, 'ab'.repeat(32));
    expect(wrong.statusCode).toBe(400);
    const raw = JSON.stringify(event);
    const { hmacHex } = await import('./gateway');
    const altered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacHex(t.config.webhookSecret, raw),
        'x-razorpay-event-id': 'evt_alt',
      },
      payload: raw.replace('pay_forged', 'pay_forgeD'),
    });
    expect(altered.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/razorpay',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(missing.statusCode).toBe(400);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, init.orderId));
    expect(order!.status).toBe('PAYMENT_PENDING');
    expect(
      await t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, `evt_bad_${init.orderId}`)),
    ).toHaveLength(0);
  });

  it('ignores a duplicate event id', async () => {
    const { init } = await newOrder();
    const paid = await sandboxPay(t.app, init.razorpayOrderId);
    const event = capturedEvent(init.razorpayOrderId, paid.razorpay_payment_id);
    await webhook(t.app, t.config, event, `evt_d_${init.orderId}`);
    const again = await webhook(t.app, t.config, event, `evt_d_${init.orderId}`);
    expect(again.json()).toEqual({ status: 'duplicate' });
  });

  it('payment.failed releases the reservation', async () => {
    const { product, init } = await newOrder(1);
    const event = {
      event: 'payment.failed',
      payload: { payment: { entity: { id: 'pay_f', order_id: init.razorpayOrderId, status: 'failed' } } },
    };
    const res = await webhook(t.app, t.config, event, `evt_f_${init.orderId}`);
    expect(res.json()).toEqual({ status: 'released' });
    expect((await stockOf(t.db, product.id)).stock).toBe(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, init.orderId));
    expect(order).toMatchObject({ status: 'CANCELLED', paymentStatus: 'FAILED' });
  });
});

describe('reconciler and expiry', () => {
  it('confirms a sandbox-paid order and releases an expired unpaid one', async () => {
    const paidOrder = await newOrder(3);
    await sandboxPay(t.app, paidOrder.init.razorpayOrderId);
    const unpaid = await newOrder(1);
    t.advance((t.config.RESERVATION_MINUTES + 1) * 60_000);
    try {
      await reconcilePayments(t.ctx());
    } finally {
      t.resetClock();
    }
    const [a] = await t.db.select().from(orders).where(eq(orders.id, paidOrder.init.orderId));
    expect(a!.status).toBe('CONFIRMED');
    const [b] = await t.db.select().from(orders).where(eq(orders.id, unpaid.init.orderId));
    expect(b).toMatchObject({ status: 'CANCELLED', paymentStatus: 'CANCELLED', stockReleased: true });
    expect((await stockOf(t.db, unpaid.product.id)).stock).toBe(1);
  });

  it('a payment arriving after cancellation is refunded automatically, not confirmed', async () => {
    const { product, init } = await newOrder(1);
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${init.orderId}/cancel-payment`,
      payload: { cancelKey: init.cancelKey },
    });
    const paid = await sandboxPay(t.app, init.razorpayOrderId);
    const res = await t.app.inject({ method: 'POST', url: confirmUrl(paid) });
    expect(res.json()).toEqual({ status: 'failed' });
    expect(await stockOf(t.db, product.id)).toEqual({ stock: 1, sales: 0 });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, init.orderId));
    expect(order).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUNDED', stockReleased: true });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, init.orderId));
    expect(refund).toMatchObject({
      status: 'PROCESSED',
      providerPaymentId: paid.razorpay_payment_id,
      amountPaise: 100_000,
    });
  });

  it('a late payment whose piece was sold meanwhile is kept cancelled and refunded, not oversold', async () => {
    const { vendor, product, init } = await newOrder(1);
    await t.app.inject({
      method: 'POST',
      url: `/api/orders/${init.orderId}/cancel-payment`,
      payload: { cancelKey: init.cancelKey },
    });
    const second = await initiate(t.app, orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]));
    expect(second.statusCode).toBe(200);
    const paid = await sandboxPay(t.app, init.razorpayOrderId);
    const res = await t.app.inject({ method: 'POST', url: confirmUrl(paid) });
    expect(res.json()).toEqual({ status: 'failed' });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, init.orderId));
    expect(order).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUNDED' });
    expect((await stockOf(t.db, product.id)).stock).toBe(0);
  });

  it('a gateway failure while creating the provider order releases the stock', async () => {
    const failing = await createTestApp({
      payments: {
        mode: 'sandbox',
        keyId: 'k',
        createOrder: async () => {
          throw new Error('down');
        },
        fetchOrderState: async () => ({ state: 'unknown' }),
        refund: async () => {
          throw new Error('down');
        },
        fetchRefundState: async () => 'unknown',
        createPaymentLink: async () => {
          throw new Error('down');
        },
        fetchPaymentLink: async () => null,
        cancelPaymentLink: async () => {
          throw new Error('down');
        },
        verifyPaymentSignature: () => false,
        verifyWebhookSignature: () => false,
      },
    });
    try {
      const vendor = await createVendor(failing.app, failing.db);
      const product = await createProduct(failing.db, { stock: 1 });
      const res = await initiate(
        failing.app,
        orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]),
      );
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('Failed to create payment order');
      expect((await stockOf(failing.db, product.id)).stock).toBe(1);
    } finally {
      await failing.close();
    }
  });
});

describe('confirmation email through the outbox', () => {
  it('is rendered from the template with escaped variables and written to DATA_DIR/outbox as .eml', async () => {
    await t.db
      .insert(emailTemplates)
      .values({
        name: 'order-confirmation',
        subject: 'Order {{orderNumber}}',
        body: '<p>Hi {{customerName}}</p><script>x</script>{{itemsTable}}',
      })
      .onConflictDoNothing();
    const { init } = await newOrder(2, { customerName: '<img src=x onerror=alert(1)>' });
    await t.app.inject({ method: 'POST', url: confirmUrl(await sandboxPay(t.app, init.razorpayOrderId)) });
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `order-confirmation:${init.orderId}`));
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toContain('<img');
    expect(mail!.html).toContain('&lt;img');
    const sent = await deliverDueEmails({
      db: t.db,
      mailer: t.ctx().mailer,
      from: 'Zevar <o@z.in>',
      now: () => new Date(),
      attachment: createInvoicesService(t).attachment,
    });
    expect(sent).toBeGreaterThanOrEqual(1);
    const dir = path.join(t.config.DATA_DIR, 'outbox');
    const files = readdirSync(dir).map((f) => readFileSync(path.join(dir, f), 'utf8'));
    const eml = files.find((f) => f.includes('Subject: Order ZV'));
    // The tax invoice travels as a real MIME attachment.
    expect(eml).toMatch(/Content-Type: application\/pdf; name=invoice-ZV-\d{2}-\d{2}-\d{6}\.pdf/);
    expect(eml).toContain('Content-Disposition: attachment');
  });

  it('retries with backoff when delivery fails', async () => {
    const { init } = await newOrder(2);
    await t.app.inject({ method: 'POST', url: confirmUrl(await sandboxPay(t.app, init.razorpayOrderId)) });
    const failing = { send: async () => Promise.reject(new Error('smtp down')) };
    await deliverDueEmails(
      {
        db: t.db,
        mailer: failing,
        from: 'x@z.in',
        now: () => new Date(),
        attachment: createInvoicesService(t).attachment,
      },
      100,
    );
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `order-confirmation:${init.orderId}`));
    expect(mail).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'smtp down' });
    expect(mail!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });
});
