import { z } from 'zod';
import {
  checkoutSchema,
  DEFAULT_PAN_THRESHOLD_RUPEES,
  confirmPaymentResponse,
  initiateOrderResponse,
  orderStatusViewSchema,
  paymentWindowResponse,
  repricedCheckoutSchema,
  orderTaxDocumentsSchema,
  type InitiateOrderInput,
} from '@zevar/domain';
import { api } from '../../lib/api';
import { proofRequest, type OrderProof } from '../../lib/order-keys';

const enc = encodeURIComponent;
const configSchema = z.object({
  payments: z.enum(['sandbox', 'razorpay']),
  razorpayKeyId: z.string(),
  panThresholdRupees: z.number().default(DEFAULT_PAN_THRESHOLD_RUPEES),
});

/** The buying path's calls (storefront spec section 7, Checkout and Orders and payment). */
export const checkoutApi = {
  get: (id: string) => api.get(`/checkout/${enc(id)}`, { schema: checkoutSchema }),
  /** After the price-hold window: today's prices, a new window, and the total before. */
  reprice: (id: string) =>
    api.post(`/checkout/${enc(id)}/reprice`, undefined, { schema: repricedCheckoutSchema }),
  applyCoupon: (id: string, code: string) =>
    api.patch(`/checkout/applyCoupon/${enc(id)}`, { code }, { schema: checkoutSchema }),
  removeCoupon: (id: string) => api.delete(`/checkout/applyCoupon/${enc(id)}`, { schema: checkoutSchema }),
  paymentConfig: () => api.get('/config', { schema: configSchema }),
  initiateOrder: (body: InitiateOrderInput) =>
    api.post('/orders/initiate-order', body, { schema: initiateOrderResponse }),
  confirmPayment: (q: { razorpayOrderId: string; razorpayPaymentId: string; razorpaySignature: string }) =>
    api.post('/orders/confirm-payment', undefined, { query: q, schema: confirmPaymentResponse }),
  /** `cancelKey` came back from initiate-order: only this browser can cancel its unpaid order. */
  cancelPayment: (orderId: string, reason: 'dismissed' | 'failed', cancelKey: string) =>
    api.post(`/orders/${enc(orderId)}/cancel-payment`, { reason, cancelKey }),
  /** The card window opens: the order's brief hold is extended to the whole payment window. */
  openPaymentWindow: (orderId: string, cancelKey: string) =>
    api.post(`/orders/${enc(orderId)}/payment-window`, { cancelKey }, { schema: paymentWindowResponse }),
  /** With the order's key or signed link the answer includes the buyer's name and address. */
  order: (id: string, proof: OrderProof | null = null) =>
    api.get(`/orders/byId/${enc(id)}`, { schema: orderStatusViewSchema, ...proofRequest(proof) }),
  taxDocuments: (id: string, proof: OrderProof | null) =>
    api.get(`/orders/byId/${enc(id)}/tax-documents`, {
      schema: orderTaxDocumentsSchema,
      ...proofRequest(proof),
    }),
};
