import { useCallback, useState } from 'react';
import { z } from 'zod';
import { PLAN_LABELS, type Plan, type User } from '@zevar/domain';
import { useDialog } from '../../components/dialog/dialog-context';
import { api, isApiError } from '../../lib/api';
import {
  RAZORPAY_SCRIPT,
  SANDBOX_SCRIPT,
  loadCheckoutScript,
  openPaymentWindow,
  toPaise,
  type PaymentSuccess,
} from '../../lib/payment-window';

export const SUBSCRIPTION_MSG = {
  initiateFailed: 'Failed to initiate subscription',
  gatewayFailed: 'Failed to open payment gateway',
  verifyFailed: 'Failed to verify payment. Please contact support.',
  cancelledTitle: 'Payment Cancelled',
  cancelled: 'Subscription payment was cancelled',
  activated: 'Payment verified and subscription activated successfully',
  activatedFree: 'Subscription activated successfully',
  // The spec gives no text for a declined card in this flow; the provider's reason follows it.
  failedTitle: 'Payment Failed',
  failed: 'Subscription payment failed',
} as const;

/** Payment verification waits 500 ms after the provider's success; the success dialog another 500 ms. */
export const VERIFY_DELAY_MS = 500;

const subscribeResponse = z.object({
  amount: z.number(),
  razorpayOrderId: z.string(),
  subscriptionOrderId: z.number(),
});
const configSchema = z.object({ payments: z.enum(['sandbox', 'razorpay']), razorpayKeyId: z.string() });

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface SubscriptionChoice {
  plan: Plan;
  vendorPlanId: number;
  subscriptionOptionId: number;
}

/**
 * Back-office §4 subscription flow: subscribe → card checkout 'Subscription to {plan} Plan' →
 * 'Processing' → verify after 500 ms → success after another 500 ms, then `onActivated` reloads the vendor.
 */
export function useSubscription(onActivated: () => void) {
  const dialog = useDialog();
  const [processing, setProcessing] = useState(false);

  const verify = useCallback(
    async (subscriptionOrderId: number, response: PaymentSuccess) => {
      setProcessing(true);
      try {
        await wait(VERIFY_DELAY_MS);
        await api.post('/subscriptions/verify-subscription-payment', undefined, {
          query: {
            subscriptionOrderId,
            razorpayPaymentId: response.razorpay_payment_id ?? '',
            razorpaySignature: response.razorpay_signature ?? '',
          },
        });
        await wait(VERIFY_DELAY_MS);
        setProcessing(false);
        onActivated();
        await dialog.success('Success', SUBSCRIPTION_MSG.activated);
      } catch (err) {
        console.error('Subscription verification failed', err);
        setProcessing(false);
        void dialog.error('Error', SUBSCRIPTION_MSG.verifyFailed);
      }
    },
    [dialog, onActivated],
  );

  const subscribe = useCallback(
    async (vendor: User, choice: SubscriptionChoice) => {
      let order: z.infer<typeof subscribeResponse>;
      try {
        order = await api.post('/subscriptions/subscribe', undefined, {
          schema: subscribeResponse,
          query: {
            vendorId: vendor.id,
            vendorPlanId: choice.vendorPlanId,
            subscriptionOptionId: choice.subscriptionOptionId,
          },
        });
      } catch (err) {
        console.error('Subscription failed to start', err);
        // A refusal the vendor can act on (e.g. a lower plan while a paid one runs) says why.
        const reason = isApiError(err) && err.status === 409 ? `: ${err.message}` : '';
        void dialog.error('Error', `${SUBSCRIPTION_MSG.initiateFailed}${reason}`);
        return;
      }
      if (order.amount === 0) {
        onActivated();
        void dialog.success('Success', SUBSCRIPTION_MSG.activatedFree);
        return;
      }
      try {
        const config = await api.get('/config', { schema: configSchema });
        await loadCheckoutScript(config.payments === 'razorpay' ? RAZORPAY_SCRIPT : SANDBOX_SCRIPT);
        openPaymentWindow(
          {
            key: config.razorpayKeyId,
            amount: toPaise(order.amount),
            currency: 'INR',
            name: 'Zevar',
            description: `Subscription to ${PLAN_LABELS[choice.plan]} Plan`,
            order_id: order.razorpayOrderId,
            prefill: { name: vendor.name, email: vendor.email, contact: vendor.contact?.phone ?? '' },
            notes: { vendorId: String(vendor.id), plan: choice.plan },
            theme: { color: '#333333' },
            modal: {
              escape: false,
              confirm_close: true,
              ondismiss: () => void dialog.error(SUBSCRIPTION_MSG.cancelledTitle, SUBSCRIPTION_MSG.cancelled),
            },
            handler: (response) => void verify(order.subscriptionOrderId, response),
          },
          (failure) => {
            console.error('Subscription payment failed', failure.error);
            const reason = failure.error?.description;
            void dialog.error(
              SUBSCRIPTION_MSG.failedTitle,
              reason ? `${SUBSCRIPTION_MSG.failed}: ${reason}` : SUBSCRIPTION_MSG.failed,
            );
          },
        );
      } catch (err) {
        console.error('Payment window failed to open', err);
        void dialog.error('Error', SUBSCRIPTION_MSG.gatewayFailed);
      }
    },
    [dialog, onActivated, verify],
  );

  return { subscribe, processing };
}
