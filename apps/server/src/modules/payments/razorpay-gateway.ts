import type Razorpay from 'razorpay';
import { loadOnUse } from '../../lib/load-on-use';
import { AppError } from '../../lib/errors';
import {
  signatureChecks,
  type PaymentGateway,
  type ProviderOrderState,
  type ProviderPaymentLink,
  type ProviderPaymentLinkStatus,
  type ProviderRefundState,
} from './gateway';

type Keys = { keyId: string; keySecret: string; webhookSecret: string };
/**
 * The SDK's own HTTP client (its key pair, base URL and user agent): the SDK (2.9) sends no header
 * of ours on `payments.refund`, so the idempotent refund request goes through it directly.
 */
type SdkHttp = {
  api: {
    rq: {
      post(
        url: string,
        body: unknown,
        config: { headers: Record<string, string> },
      ): Promise<{ data: { id: string; status: string } }>;
    };
  };
};
export type RazorpayClient = Pick<Razorpay, 'orders' | 'payments' | 'paymentLink'>;

/** The fields of Razorpay's payment link entity we read (`GET /v1/payment_links/:id`). */
type LinkEntity = {
  id: string;
  short_url: string;
  amount: number | string;
  status: string;
  payments?: Array<{ payment_id: string; amount: number | string; status: string }> | null;
};

const LINK_STATES: readonly string[] = ['created', 'partially_paid', 'paid', 'expired', 'cancelled'];

function linkOf(entity: LinkEntity): ProviderPaymentLink {
  const captured = (entity.payments ?? []).find((p) => p.status === 'captured');
  return {
    id: entity.id,
    shortUrl: entity.short_url,
    amountPaise: Number(entity.amount),
    status: (LINK_STATES.includes(entity.status) ? entity.status : 'created') as ProviderPaymentLinkStatus,
    payment: captured ? { id: captured.payment_id, amountPaise: Number(captured.amount) } : null,
  };
}

const refundState = (status: string): ProviderRefundState =>
  status === 'processed' ? 'processed' : status === 'failed' ? 'failed' : 'pending';

/**
 * Razorpay Orders and Refunds APIs through the official SDK. Errors from the provider become
 * PAYMENT_ERROR (502) without leaking details. Tests pass a stand-in client.
 */
export function createRazorpayGateway(
  keys: Keys,
  client: RazorpayClient = new (loadOnUse('razorpay') as typeof Razorpay)({
    key_id: keys.keyId,
    key_secret: keys.keySecret,
  }),
): PaymentGateway {
  const gateway: PaymentGateway = {
    mode: 'razorpay',
    keyId: keys.keyId,
    ...signatureChecks(keys.keySecret, keys.webhookSecret),
    async createOrder({ amountPaise, receipt, notes }) {
      try {
        const order = await client.orders.create({ amount: amountPaise, currency: 'INR', receipt, notes });
        return { id: order.id, amountPaise: Number(order.amount), currency: order.currency };
      } catch {
        throw new AppError('PAYMENT_ERROR', 'Failed to create payment order');
      }
    },
    async fetchOrderState(providerOrderId): Promise<ProviderOrderState> {
      // An order made from a paid payment link carries the link's id (docs/decisions/0060).
      if (providerOrderId.startsWith('plink_')) {
        const link = await gateway.fetchPaymentLink(providerOrderId);
        if (!link) return { state: 'unknown' };
        if (link.payment)
          return { state: 'paid', paymentId: link.payment.id, amountPaise: link.payment.amountPaise };
        return link.status === 'expired' || link.status === 'cancelled'
          ? { state: 'failed' }
          : { state: 'pending' };
      }
      try {
        const payments = await client.orders.fetchPayments(providerOrderId);
        const captured = payments.items.find((p) => p.status === 'captured');
        if (captured) return { state: 'paid', paymentId: captured.id, amountPaise: Number(captured.amount) };
        const order = await client.orders.fetch(providerOrderId);
        if (order.status === 'paid') return { state: 'unknown' };
        const allFailed = payments.items.length > 0 && payments.items.every((p) => p.status === 'failed');
        return allFailed ? { state: 'failed' } : { state: 'pending' };
      } catch {
        return { state: 'unknown' };
      }
    },
    /**
     * Razorpay's idempotent refund request (`X-Refund-Idempotency`): a retry with the same key and
     * body (a lost answer, a reconciler pass) answers the refund already made, never a second one.
     */
    async refund({ paymentId, amountPaise, receipt, notes, idempotencyKey }) {
      const body = { amount: amountPaise, speed: 'normal' as const, receipt, notes };
      try {
        const refund = idempotencyKey
          ? (
              await (client as unknown as SdkHttp).api.rq.post(
                `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
                body,
                { headers: { 'X-Refund-Idempotency': idempotencyKey } },
              )
            ).data
          : await client.payments.refund(paymentId, body);
        return { id: refund.id, state: refundState(refund.status) };
      } catch {
        throw new AppError('PAYMENT_ERROR', 'The payment provider did not accept the refund');
      }
    },
    async fetchRefundState(paymentId, refundId) {
      try {
        return refundState((await client.payments.fetchRefund(paymentId, refundId)).status);
      } catch {
        return 'unknown';
      }
    },
    /** `POST /v1/payment_links`: a standard link, Razorpay's SMS and email to the buyer, our reference. */
    async createPaymentLink(input) {
      try {
        const link = await client.paymentLink.create({
          amount: input.amountPaise,
          currency: 'INR',
          accept_partial: false,
          reference_id: input.referenceId,
          description: input.description,
          expire_by: Math.floor(input.expireBy.getTime() / 1000),
          customer: {
            name: input.customer.name,
            contact: `+91${input.customer.contact}`,
            ...(input.customer.email ? { email: input.customer.email } : {}),
          },
          notify: { sms: true, email: Boolean(input.customer.email) },
          reminder_enable: true,
          callback_url: input.callbackUrl,
          callback_method: 'get',
          notes: input.notes,
        });
        return linkOf(link as unknown as LinkEntity);
      } catch {
        throw new AppError('PAYMENT_ERROR', 'The payment provider could not make the link');
      }
    },
    async fetchPaymentLink(linkId) {
      try {
        return linkOf((await client.paymentLink.fetch(linkId)) as unknown as LinkEntity);
      } catch {
        return null;
      }
    },
    async cancelPaymentLink(linkId) {
      try {
        return linkOf((await client.paymentLink.cancel(linkId)) as unknown as LinkEntity);
      } catch {
        throw new AppError('PAYMENT_ERROR', 'The payment provider did not cancel the link');
      }
    },
  };
  return gateway;
}
