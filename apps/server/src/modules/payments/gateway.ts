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

/** A payment link as the provider reports it (Razorpay Payment Links' states). */
export type ProviderPaymentLinkStatus = 'created' | 'partially_paid' | 'paid' | 'expired' | 'cancelled';
export type ProviderPaymentLink = {
  id: string;
  shortUrl: string;
  amountPaise: number;
  status: ProviderPaymentLinkStatus;
  /** The captured payment once paid. */
  payment: { id: string; amountPaise: number } | null;
};

/** A link for one buyer to pay a fixed amount by a time (issue 26 item 2, docs/decisions/0060). */
export type PaymentLinkRequest = {
  amountPaise: number;
  /** Our own reference, unique per link (Razorpay's `reference_id`). */
  referenceId: string;
  description: string;
  expireBy: Date;
  customer: { name: string; contact: string; email?: string };
  /** Where the buyer's browser returns after paying. */
  callbackUrl: string;
  notes: Record<string, string>;
};

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
  /** Makes a hosted payment link (Razorpay `POST /v1/payment_links`); throws PAYMENT_ERROR when refused. */
  createPaymentLink(input: PaymentLinkRequest): Promise<ProviderPaymentLink>;
  /** The link's current state, or null when the provider cannot be asked. */
  fetchPaymentLink(linkId: string): Promise<ProviderPaymentLink | null>;
  /** Cancels an unpaid link; throws PAYMENT_ERROR when the provider refuses (a paid link, say). */
  cancelPaymentLink(linkId: string): Promise<ProviderPaymentLink>;
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
