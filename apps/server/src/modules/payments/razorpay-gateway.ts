import type Razorpay from 'razorpay';
import { loadOnUse } from '../../lib/load-on-use';
import { AppError } from '../../lib/errors';
import {
  signatureChecks,
  type PaymentGateway,
  type ProviderOrderState,
  type ProviderRefundState,
} from './gateway';

type Keys = { keyId: string; keySecret: string; webhookSecret: string };
export type RazorpayClient = Pick<Razorpay, 'orders' | 'payments'>;

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
  return {
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
    async refund({ paymentId, amountPaise, receipt, notes }) {
      try {
        const refund = await client.payments.refund(paymentId, {
          amount: amountPaise,
          speed: 'normal',
          receipt,
          notes,
        });
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
  };
}
