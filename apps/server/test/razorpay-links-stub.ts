import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { razorpayError, razorpayIds, unixNow } from './razorpay-stub-shapes';

/**
 * A local stand-in for Razorpay Payment Links, answering in their documented shapes (API reference:
 * create `POST /v1/payment_links`, fetch `GET /v1/payment_links/:id`, cancel
 * `POST /v1/payment_links/:id/cancel`; the `payment_link.paid` webhook's sample payload): Basic auth
 * with the key pair; `expire_by` at least 15 minutes ahead; a `reference_id` used once; a paid link
 * cannot be cancelled. Refunds (`POST /v1/payments/:id/refund`, the idempotent request): an
 * `X-Refund-Idempotency` key of at least 10 characters answers the refund it made for the same body
 * and refuses a different body. `pay(id)` plays the buyer paying on Razorpay's page and answers the event
 * Razorpay would send. Every request is recorded.
 */
export const RAZORPAY_STUB = {
  keyId: 'rzp_test_linkstub',
  keySecret: 'link-stub-secret-0123456789',
} as const;

type Json = Record<string, unknown>;

export async function startRazorpayLinksStub() {
  const requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: Json | null }[] =
    [];
  const refunds: Json[] = [];
  const refundByKey = new Map<string, { body: string; refund: Json }>();
  const links = new Map<string, Json>();
  const references = new Set<string>();
  const id = razorpayIds();

  function refund(paymentId: string, key: string | undefined, b: Json): [number, unknown] {
    if (key !== undefined && !/^[\w-]{10,}$/.test(key))
      return [400, razorpayError('The idempotency key must be at least 10 characters long.')];
    const seen = key === undefined ? undefined : refundByKey.get(key);
    if (seen)
      return seen.body === JSON.stringify(b)
        ? [200, seen.refund]
        : [400, razorpayError('Different request with the same idempotency key has already been processed.')];
    if (typeof b.amount !== 'number' || b.amount < 100)
      return [400, razorpayError('The amount must be atleast INR 1.00.', 'amount')];
    const made = {
      id: id('rfnd'),
      entity: 'refund',
      amount: b.amount,
      currency: 'INR',
      payment_id: paymentId,
      notes: b.notes ?? [],
      receipt: b.receipt ?? null,
      acquirer_data: { arn: null },
      created_at: unixNow(),
      batch_id: null,
      status: 'processed',
      speed_processed: 'normal',
      speed_requested: b.speed ?? 'normal',
    };
    refunds.push(made);
    if (key !== undefined) refundByKey.set(key, { body: JSON.stringify(b), refund: made });
    return [200, made];
  }

  function answer(
    method: string,
    path: string,
    headers: http.IncomingHttpHeaders,
    b: Json,
  ): [number, unknown] {
    const expected = `Basic ${Buffer.from(`${RAZORPAY_STUB.keyId}:${RAZORPAY_STUB.keySecret}`).toString('base64')}`;
    if (headers.authorization !== expected) return [401, razorpayError('The api key provided is invalid')];
    const paid = /^\/v1\/payments\/(pay_\w+)\/refund$/.exec(path);
    if (method === 'POST' && paid) {
      const key = headers['x-refund-idempotency'];
      return refund(paid[1]!, Array.isArray(key) ? key[0] : key, b);
    }
    if (method === 'POST' && path === '/v1/payment_links') {
      const customer = (b.customer ?? {}) as Json;
      if (typeof b.amount !== 'number' || b.amount < 100)
        return [400, razorpayError('The amount must be atleast INR 1.00.', 'amount')];
      if (typeof b.expire_by !== 'number' || b.expire_by < unixNow() + 15 * 60)
        return [
          400,
          razorpayError('expire_by should be at least 15 minutes after current time', 'expire_by'),
        ];
      if (typeof b.reference_id !== 'string' || b.reference_id.length > 40)
        return [
          400,
          razorpayError('The reference id may not be greater than 40 characters.', 'reference_id'),
        ];
      if (references.has(b.reference_id))
        return [
          400,
          razorpayError(`Payment Link with reference id ${b.reference_id} already exists`, 'reference_id'),
        ];
      if (typeof customer.contact !== 'string')
        return [400, razorpayError('The contact field is required.', 'contact')];
      references.add(b.reference_id);
      const linkId = id('plink');
      const link = {
        accept_partial: b.accept_partial ?? false,
        amount: b.amount,
        amount_paid: 0,
        callback_method: b.callback_method ?? '',
        callback_url: b.callback_url ?? '',
        cancelled_at: 0,
        created_at: unixNow(),
        currency: b.currency ?? 'INR',
        customer,
        description: b.description ?? '',
        expire_by: b.expire_by,
        expired_at: 0,
        first_min_partial_amount: 0,
        id: linkId,
        notes: b.notes ?? null,
        notify: b.notify ?? { email: false, sms: false },
        payments: null,
        reference_id: b.reference_id,
        reminder_enable: b.reminder_enable ?? false,
        reminders: [],
        short_url: `https://rzp.io/i/${linkId.slice(-7)}`,
        status: 'created',
        updated_at: unixNow(),
        upi_link: false,
        user_id: '',
      };
      links.set(linkId, link);
      return [200, link];
    }
    const m = /^\/v1\/payment_links\/(plink_\w+)(\/cancel)?$/.exec(path);
    const link = m ? links.get(m[1]!) : undefined;
    if (!m || !link) return [400, razorpayError('The id provided does not exist')];
    if (method === 'GET' && !m[2]) return [200, link];
    if (method === 'POST' && m[2]) {
      if (link.status !== 'created')
        return [400, razorpayError(`Payment Link cannot be cancelled as it is ${String(link.status)}`)];
      Object.assign(link, { status: 'cancelled', cancelled_at: unixNow(), updated_at: unixNow() });
      return [200, link];
    }
    return [404, razorpayError('The requested URL was not found on the server.')];
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = raw ? (JSON.parse(raw) as Json) : null;
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      const [status, out] = answer(req.method ?? '', path, req.headers, body ?? {});
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** The buyer pays on Razorpay's page: the link is paid, and the `payment_link.paid` event is answered. */
  function pay(linkId: string) {
    const link = links.get(linkId);
    if (!link || link.status !== 'created') throw new Error(`link ${linkId} is not payable`);
    const paymentId = id('pay');
    const orderId = id('order');
    const at = unixNow();
    Object.assign(link, {
      status: 'paid',
      amount_paid: link.amount,
      updated_at: at,
      payments: [
        {
          amount: link.amount,
          created_at: at,
          method: 'upi',
          payment_id: paymentId,
          plink_id: linkId,
          status: 'captured',
          updated_at: at,
        },
      ],
    });
    return {
      paymentId,
      event: {
        account_id: 'acc_stub',
        contains: ['payment_link', 'order', 'payment'],
        created_at: at,
        entity: 'event',
        event: 'payment_link.paid',
        payload: {
          order: {
            entity: {
              amount: link.amount,
              amount_due: 0,
              amount_paid: link.amount,
              attempts: 1,
              created_at: at,
              currency: 'INR',
              entity: 'order',
              id: orderId,
              notes: [],
              receipt: null,
              status: 'paid',
            },
          },
          payment: {
            entity: {
              amount: link.amount,
              captured: true,
              currency: 'INR',
              entity: 'payment',
              id: paymentId,
              method: 'upi',
              order_id: orderId,
              status: 'captured',
              created_at: at,
            },
          },
          payment_link: {
            entity: { ...link, payments: undefined, order_id: orderId },
          },
        },
      },
    };
  }

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    refunds,
    pay,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
