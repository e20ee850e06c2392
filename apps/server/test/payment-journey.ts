import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../src/context';
import type { Db } from '../src/db/client';
import type { Config } from '../src/env';
import { products } from '../src/db/schema';
import { createSandboxGateway } from '../src/modules/payments/sandbox-gateway';
import { hmacHex, type PaymentGateway } from '../src/modules/payments/gateway';

export type { PaymentGateway };
import { createMailer } from '../src/modules/mail/mailer';
import { createTestApp, type TestApp } from './test-app';

export const address = {
  fullName: 'Asha Rao',
  street: '12 Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  postalCode: '560025',
  phone: '9876543210',
};

export function orderBody(
  vendorSlug: string,
  items: Array<{ productSku: string; quantity: number }>,
  extra: object = {},
) {
  return {
    customerName: 'Asha Rao',
    customerEmail: 'asha@example.in',
    customerPhone: '9876543210',
    vendorSlug,
    orderItems: items,
    paymentMethod: 'RAZORPAY',
    shippingAddress: address,
    appliedCoupons: [],
    ...extra,
  };
}

/** A context for calling reconcilePayments and deliverDueEmails directly, sharing the app's database. */
export function testContext(
  db: Db,
  config: Config,
  now: () => Date = () => new Date(),
  payments?: PaymentGateway,
): AppContext {
  const keys = {
    keyId: config.paymentKeyId,
    keySecret: config.paymentKeySecret,
    webhookSecret: config.webhookSecret,
  };
  const silent = { warn: () => {}, error: () => {}, info: () => {} };
  return {
    db,
    config,
    now,
    payments: payments ?? createSandboxGateway(db, keys, { baseUrl: '', now }).gateway,
    mailer: createMailer({ dataDir: config.DATA_DIR }),
    log: silent,
  } as unknown as AppContext;
}

/**
 * The set-up every payment test file shares: one app on a fresh database whose clock the test moves
 * (`advance`, `resetClock`), and the job context (reconciler, mail delivery) on the same database and
 * clock. Call it at the top of the file; `app`, `db` and `config` are there from `beforeAll` on.
 */
export function paymentTestApp() {
  let started: TestApp | undefined;
  let clock = Date.now();
  const now = () => new Date(clock);
  const get = () => {
    if (!started) throw new Error('paymentTestApp: the app starts in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await createTestApp({ now });
  });
  afterAll(async () => started?.close());
  return {
    get app() {
      return get().app;
    },
    get db() {
      return get().db;
    },
    get config() {
      return get().config;
    },
    now,
    /** Moves the app's and the jobs' clock forward. */
    advance(ms: number) {
      clock += ms;
    },
    resetClock() {
      clock = Date.now();
    },
    /** A context for calling reconcilePayments and deliverDueEmails directly. */
    ctx: () => testContext(get().db, get().config, now),
  };
}

export async function initiate(app: FastifyInstance, body: object) {
  return app.inject({ method: 'POST', url: '/api/orders/initiate-order', payload: body });
}

/** 'Pay now' in the sandbox window: the signed handler response. */
export async function sandboxPay(app: FastifyInstance, razorpayOrderId: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/pay',
    payload: { orderId: razorpayOrderId },
  });
  return res.json() as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
}

/**
 * A paid order: initiated with `body` (see `orderBody`), paid in the sandbox window and confirmed.
 * Answers what initiate answered.
 */
export async function payForOrder(app: FastifyInstance, body: object) {
  const res = await initiate(app, body);
  expect(res.statusCode, res.body).toBe(200);
  const init = res.json() as { orderId: string; orderNumber: string; razorpayOrderId: string };
  const paid = await app.inject({
    method: 'POST',
    url: confirmUrl(await sandboxPay(app, init.razorpayOrderId)),
  });
  expect(paid.json().status, paid.body).toBe('success');
  return init;
}

export function confirmUrl(p: {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}) {
  const q = new URLSearchParams({
    razorpayOrderId: p.razorpay_order_id,
    razorpayPaymentId: p.razorpay_payment_id,
    razorpaySignature: p.razorpay_signature,
  });
  return `/api/orders/confirm-payment?${q.toString()}`;
}

export function webhook(
  app: FastifyInstance,
  config: Config,
  event: object,
  eventId: string,
  signature?: string,
) {
  const raw = JSON.stringify(event);
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/razorpay',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature ?? hmacHex(config.webhookSecret, raw),
      'x-razorpay-event-id': eventId,
    },
    payload: raw,
  });
}

/** A signed-webhook body saying the payment was captured (with `amount` in paise when given). */
export function capturedEvent(
  orderId: string,
  paymentId: string,
  event = 'payment.captured',
  amount?: number,
) {
  return {
    event,
    payload: {
      payment: {
        entity: {
          id: paymentId,
          order_id: orderId,
          status: 'captured',
          ...(amount === undefined ? {} : { amount }),
        },
      },
      ...(event === 'order.paid' ? { order: { entity: { id: orderId, status: 'paid' } } } : {}),
    },
  };
}

export async function stockOf(db: Db, id: number) {
  const [row] = await db
    .select({ stock: products.stock, sales: products.salesCount })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

/** The offline sandbox gateway on a test database (what the app uses unless a test injects another). */
export function sandboxGatewayOf(db: Db, config: Config): PaymentGateway {
  return createSandboxGateway(db, {
    keyId: config.paymentKeyId,
    keySecret: config.paymentKeySecret,
    webhookSecret: config.webhookSecret,
  }).gateway;
}

/** A gateway in front of the sandbox that a test can make fail before or after the sandbox takes a refund. */
export function switchableGateway(getInner: () => PaymentGateway) {
  const mode = { down: false, loseAnswer: false };
  const calls: Array<{ amountPaise: number; idempotencyKey?: string }> = [];
  const gateway: PaymentGateway = {
    mode: 'sandbox',
    keyId: 'rzp_test_sandbox',
    createOrder: (i) => getInner().createOrder(i),
    fetchOrderState: (i) => getInner().fetchOrderState(i),
    async refund(input) {
      calls.push({ amountPaise: input.amountPaise, idempotencyKey: input.idempotencyKey });
      if (mode.down) throw new Error('gateway unreachable');
      const made = await getInner().refund(input);
      if (mode.loseAnswer) {
        mode.loseAnswer = false;
        throw new Error('connection reset after the gateway took the refund');
      }
      return made;
    },
    fetchRefundState: (p, r) => getInner().fetchRefundState(p, r),
    createPaymentLink: (i) => getInner().createPaymentLink(i),
    fetchPaymentLink: (i) => getInner().fetchPaymentLink(i),
    cancelPaymentLink: (i) => getInner().cancelPaymentLink(i),
    verifyPaymentSignature: (o, p, s) => getInner().verifyPaymentSignature(o, p, s),
    verifyWebhookSignature: (b, s) => getInner().verifyWebhookSignature(b, s),
  };
  return { gateway, mode, calls };
}
