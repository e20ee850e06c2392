import Razorpay from 'razorpay';
import { AppError } from '../../lib/errors';
import { signatureChecks, type PaymentGateway, type ProviderOrderState } from './gateway';

type Keys = { keyId: string; keySecret: string; webhookSecret: string };

/** Razorpay Orders API. Errors from the provider become PAYMENT_ERROR (502) without leaking details. */
export function createRazorpayGateway(keys: Keys): PaymentGateway {
  const client = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
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
        if (captured) return { state: 'paid', paymentId: captured.id };
        const order = await client.orders.fetch(providerOrderId);
        if (order.status === 'paid') return { state: 'unknown' };
        const allFailed = payments.items.length > 0 && payments.items.every((p) => p.status === 'failed');
        return allFailed ? { state: 'failed' } : { state: 'pending' };
      } catch {
        return { state: 'unknown' };
      }
    },
  };
}
