import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkoutDisplayConfig } from '@zevar/domain';
import { vendorUser } from '../../test/fixtures';
import {
  expectConsoleError,
  jsonResponse,
  mockFetch,
  notFound,
  renderRoutes,
  signIn,
} from '../../test/utils';
import type { RazorpayOptions } from '../../lib/payment-window';
import { useSubscription } from './use-subscription';

let lastOptions: (RazorpayOptions & { config?: unknown }) | null = null;
class FakeRazorpay {
  constructor(options: RazorpayOptions & { config?: unknown }) {
    lastOptions = options;
  }
  on() {}
  open() {}
}

function Harness({ onActivated }: { onActivated: () => void }) {
  const { subscribe, processing } = useSubscription(onActivated);
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void subscribe(vendorUser(), { plan: 'PREMIUM', vendorPlanId: 4, subscriptionOptionId: 41 })
        }
      >
        Go
      </button>
      {processing && <p>Processing</p>}
    </>
  );
}

function setup(subscribeAnswer: () => Response) {
  signIn('VENDOR', [], 7);
  window.Razorpay = FakeRazorpay as unknown as typeof window.Razorpay;
  const fetchMock = mockFetch((url) => {
    if (url.startsWith('/api/subscriptions/subscribe')) return subscribeAnswer();
    if (url.startsWith('/api/subscriptions/verify-subscription-payment'))
      return jsonResponse({ status: 'ACTIVE', plan: 'PREMIUM' });
    if (url === '/api/config')
      return jsonResponse({ defaultVendorSlug: 'zevar', payments: 'sandbox', razorpayKeyId: 'rzp_test' });
    return notFound();
  });
  const onActivated = vi.fn();
  renderRoutes([{ path: '/', element: <Harness onActivated={onActivated} /> }], '/');
  return { fetchMock, onActivated, user: userEvent.setup() };
}

afterEach(() => {
  delete window.Razorpay;
  lastOptions = null;
});

describe('plan subscription flow', () => {
  it('opens the card checkout, verifies after payment and reports the activation', async () => {
    const { fetchMock, onActivated, user } = setup(() =>
      jsonResponse({ amount: 3999, razorpayOrderId: 'order_1', subscriptionOrderId: 77 }),
    );
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(lastOptions).not.toBeNull());
    expect(lastOptions).toMatchObject({
      key: 'rzp_test',
      amount: 399900,
      currency: 'INR',
      description: 'Subscription to Premium Plan',
      order_id: 'order_1',
      prefill: { name: 'Asha Jewellers', email: 'asha@example.com', contact: '9876543210' },
    });
    // The plan's payment offers the order checkout's methods, in its order: UPI first.
    expect(lastOptions?.config).toEqual(checkoutDisplayConfig());
    expect(checkoutDisplayConfig().display.sequence[0]).toBe('block.upi');
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/subscriptions/subscribe?vendorId=7&vendorPlanId=4&subscriptionOptionId=41',
    );

    lastOptions?.handler({
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig_1',
      razorpay_order_id: 'order_1',
    });
    expect(await screen.findByText('Processing')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Success' })).toHaveAccessibleDescription(
      'Payment verified and subscription activated successfully',
    );
    expect(onActivated).toHaveBeenCalled();
    expect(fetchMock.mock.calls.map(([u]) => u)).toContain(
      '/api/subscriptions/verify-subscription-payment?subscriptionOrderId=77&razorpayPaymentId=pay_1&razorpaySignature=sig_1',
    );
  });

  it("says 'Payment Cancelled' when the checkout is dismissed", async () => {
    const { user } = setup(() =>
      jsonResponse({ amount: 999, razorpayOrderId: 'order_2', subscriptionOrderId: 78 }),
    );
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(lastOptions).not.toBeNull());
    lastOptions?.modal.ondismiss();
    expect(await screen.findByRole('dialog', { name: 'Payment Cancelled' })).toHaveAccessibleDescription(
      'Subscription payment was cancelled',
    );
  });

  it("says 'Failed to initiate subscription' when the server refuses", async () => {
    expectConsoleError('Subscription failed to start');
    const { user } = setup(() => jsonResponse({ code: 'BAD_REQUEST', message: 'nope' }, 400));
    await user.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveAccessibleDescription(
      'Failed to initiate subscription',
    );
  });
});
