import { createHmac, timingSafeEqual } from 'node:crypto';

/** A provider order as the gateway reports it. */
export type ProviderOrder = { id: string; amountPaise: number; currency: string };

/** The provider's view of an order when asked later (reconciliation). */
export type ProviderOrderState =
  | { state: 'paid'; paymentId: string; amountPaise: number }
  | { state: 'failed' }
  | { state: 'pending' }
  | { state: 'unknown' };

/** A refund as the gateway reports it ('pending' until the bank has it, then 'processed' or 'failed'). */
export type ProviderRefundState = 'pending' | 'processed' | 'failed';
export type ProviderRefund = { id: string; state: ProviderRefundState };

/** What the shop needs from a card payment provider; Razorpay and the offline sandbox implement it. */
export interface PaymentGateway {
  readonly mode: 'razorpay' | 'sandbox';
  readonly keyId: string;
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder>;
  fetchOrderState(providerOrderId: string): Promise<ProviderOrderState>;
  /** Refunds (part of) a captured payment; throws when the provider refuses or cannot be reached. */
  refund(input: {
    paymentId: string;
    amountPaise: number;
    receipt: string;
    notes: Record<string, string>;
    /**
     * The same key on a retried call answers the refund it made (Razorpay's X-Refund-Idempotency);
     * one key per refund and ask.
     */
    idempotencyKey?: string;
  }): Promise<ProviderRefund>;
  /** The refund's current state, or 'unknown' when the provider cannot be asked. */
  fetchRefundState(paymentId: string, refundId: string): Promise<ProviderRefundState | 'unknown'>;
  /** Checks the checkout handler's signature: HMAC-SHA256(order_id|payment_id) with the key secret. */
  verifyPaymentSignature(providerOrderId: string, paymentId: string, signature: string): boolean;
  /** Checks a webhook's X-Razorpay-Signature: HMAC-SHA256 of the raw body with the webhook secret. */
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;
}

export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Constant-time comparison of two hex signatures; anything malformed is simply unequal. */
export function signaturesEqual(expectedHex: string, givenHex: string): boolean {
  if (!/^[0-9a-f]+$/i.test(givenHex) || givenHex.length !== expectedHex.length) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(givenHex.toLowerCase(), 'hex'));
}

export function paymentSignature(secret: string, providerOrderId: string, paymentId: string): string {
  return hmacHex(secret, `${providerOrderId}|${paymentId}`);
}

/** Signature checks shared by both gateways (Razorpay's documented scheme). */
export function signatureChecks(keySecret: string, webhookSecret: string) {
  return {
    verifyPaymentSignature: (orderId: string, paymentId: string, signature: string) =>
      signaturesEqual(paymentSignature(keySecret, orderId, paymentId), signature),
    verifyWebhookSignature: (rawBody: Buffer, signature: string) =>
      signaturesEqual(hmacHex(webhookSecret, rawBody), signature),
  };
}
