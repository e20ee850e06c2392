// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OrderStatusView } from '@zevar/domain';
import { jsonResponse, mockFetch, notFound, renderRoutes } from '../../test/utils';
import PaymentStatusPage, { PENDING_WAIT } from './PaymentStatusPage';

const ORDER_ID = '8528742b-a5de-426f-846e-73d2ce280429';

function order(overrides: Partial<OrderStatusView> = {}): OrderStatusView {
  return {
    id: ORDER_ID,
    orderNumber: 'ZV261122-ABCDEF12',
    vendorSlug: 'zevar',
    customerName: 'Asha Rao',
    status: 'CONFIRMED',
    paymentStatus: 'CAPTURED',
    paymentId: 'pay_123',
    paymentDate: '2026-11-22T10:00:00.000Z',
    orderDate: '2026-11-22T09:58:00.000Z',
    shippingAddress: {
      fullName: 'Asha Rao',
      street: '12 Residency Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      postalCode: '560025',
      phone: '9876543210',
    },
    orderItems: [
      {
        productSku: 'ZV-1',
        productName: 'Gold Jhumkas',
        image: null,
        quantity: 2,
        priceAtTime: 1500,
        totalPrice: 3000,
      },
    ],
    totalAmount: 3000,
    couponDiscount: 0,
    shippingCost: 0,
    roundOff: 0,
    finalAmount: 3000,
    appliedCoupons: [],
    ...overrides,
  };
}

const routes = [{ path: '/:vendorSlug/payment-status', element: <PaymentStatusPage /> }];
/** What checkout stores for the order it placed: the order key initiate-order answered. */
const holdKey = () =>
  localStorage.setItem('order_keys', JSON.stringify([{ orderId: ORDER_ID, key: 'the-order-key' }]));
const headerOf = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];
const open = (query: string) => renderRoutes(routes, `/zevar/payment-status${query}`);

describe('payment status page', () => {
  it("without an order id shows 'Oops!' with 'Order ID not found' and Go to Home", async () => {
    open('?status=success');
    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByText('Order ID not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toBeInTheDocument();
  });

  it("a paid order offers 'Download invoice' and its credit note, fetched with this browser's order key", async () => {
    holdKey();
    const saved = vi.fn(() => 'blob:pdf');
    URL.createObjectURL = saved;
    URL.revokeObjectURL = vi.fn();
    const fetched = mockFetch((url) =>
      url.endsWith('/tax-documents')
        ? jsonResponse({
            invoice: { number: 'ZV/26-27/000042', issuedAt: '2026-11-22T10:00:00.000Z', total: 3000 },
            creditNotes: [
              { id: 9, number: 'ZC/26-27/000003', issuedAt: '2026-11-23T10:00:00.000Z', total: 3000 },
            ],
          })
        : url.endsWith('/invoice') || url.includes('/credit-notes/')
          ? new Response(new Blob(['%PDF']), { headers: { 'content-type': 'application/pdf' } })
          : jsonResponse(order()),
    );
    open(`?orderId=${ORDER_ID}&status=success`);
    await userEvent.click(await screen.findByRole('button', { name: 'Download invoice' }));
    await userEvent.click(screen.getByRole('button', { name: 'Credit note ZC/26-27/000003' }));
    expect(screen.getByText('GST tax invoice ZV/26-27/000042')).toBeInTheDocument();
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(2));
    const calls = fetched.mock.calls.map(([u, init]) => [String(u), init as RequestInit] as const);
    for (const path of ['', '/tax-documents', '/invoice', '/credit-notes/9']) {
      const call = calls.find(([u]) => u === `/api/orders/byId/${ORDER_ID}${path}`);
      expect(call, path).toBeDefined();
      expect(headerOf(call![1], 'x-order-key'), path).toBe('the-order-key');
    }
  });

  it('without the order key or a signed link: no address and no documents are asked for or shown', async () => {
    const fetched = mockFetch(() => jsonResponse(order({ customerName: null, shippingAddress: null })));
    open(`?orderId=${ORDER_ID}&status=success`);
    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeInTheDocument();
    expect(screen.queryByText('Shipping Address')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download invoice' })).not.toBeInTheDocument();
    expect(fetched.mock.calls.map(([u]) => String(u))).toEqual([`/api/orders/byId/${ORDER_ID}`]);
  });

  it('opened from the mail’s signed link, the page sends the link’s expiry and signature', async () => {
    const fetched = mockFetch((url) =>
      url.includes('/tax-documents')
        ? jsonResponse({
            invoice: { number: 'ZV/26-27/000042', issuedAt: '2026-11-22T10:00:00.000Z', total: 3000 },
            creditNotes: [],
          })
        : jsonResponse(order()),
    );
    open(`?orderId=${ORDER_ID}&expires=1800000000&signature=sig_abc`);
    expect(await screen.findByRole('button', { name: 'Download invoice' })).toBeInTheDocument();
    const urls = fetched.mock.calls.map(([u]) => String(u));
    expect(urls).toContain(`/api/orders/byId/${ORDER_ID}?expires=1800000000&signature=sig_abc`);
    expect(urls).toContain(`/api/orders/byId/${ORDER_ID}/tax-documents?expires=1800000000&signature=sig_abc`);
  });

  it('shows Loading Order Details, then every field of a confirmed order; no discount or shipping rows at 0', async () => {
    mockFetch(() => jsonResponse(order()));
    open(`?orderId=${ORDER_ID}&status=success`);
    expect(screen.getByRole('heading', { name: 'Loading Order Details' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeInTheDocument();
    expect(screen.getByText('Your order has been placed successfully')).toBeInTheDocument();
    for (const text of [
      'ZV261122-ABCDEF12',
      'pay_123',
      'Gold Jhumkas',
      'Qty 2',
      '12 Residency Road',
      '9876543210',
    ]) {
      expect(screen.getByText(text, { exact: false })).toBeInTheDocument();
    }
    expect(screen.queryByText('Discount')).not.toBeInTheDocument();
    expect(screen.queryByText('Shipping', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('₹3,000.00');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/zevar');
  });

  it('a confirmed order links to the tracking page with its number filled in', async () => {
    mockFetch(() => jsonResponse(order()));
    open(`?orderId=${ORDER_ID}&status=success`);
    expect(await screen.findByRole('link', { name: 'Track your order' })).toHaveAttribute(
      'href',
      '/zevar/track?order=ZV261122-ABCDEF12',
    );
  });

  it('shows the discount when above 0', async () => {
    mockFetch(() => jsonResponse(order({ couponDiscount: 500, finalAmount: 2500 })));
    open(`?orderId=${ORDER_ID}&status=success`);
    expect(await screen.findByTestId('order-discount')).toHaveTextContent('₹500.00');
  });

  it("a cancelled payment shows 'Order Cancelled' even when the query says success", async () => {
    mockFetch(() =>
      jsonResponse(order({ status: 'CANCELLED', paymentStatus: 'CANCELLED', paymentId: null })),
    );
    open(`?orderId=${ORDER_ID}&status=success`);
    expect(await screen.findByRole('heading', { name: 'Order Cancelled' })).toBeInTheDocument();
    expect(screen.getByText('Your order has been cancelled.')).toBeInTheDocument();
    expect(screen.getByText('ZV261122-ABCDEF12')).toBeInTheDocument();
  });

  it("a failed payment shows 'Payment Failed' with the order number and amount", async () => {
    mockFetch(() => jsonResponse(order({ status: 'CANCELLED', paymentStatus: 'FAILED', paymentId: null })));
    open(`?orderId=${ORDER_ID}&status=failed`);
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText("We couldn't process your payment.")).toBeInTheDocument();
    expect(screen.getByText('₹3,000.00')).toBeInTheDocument();
  });

  it('a payment still pending is looked up again and shows the confirmed order when the webhook lands', async () => {
    let calls = 0;
    mockFetch(() => {
      calls += 1;
      return jsonResponse(
        calls < 3 ? order({ status: 'PAYMENT_PENDING', paymentStatus: 'PENDING' }) : order(),
      );
    });
    renderRoutes(
      [
        {
          path: '/:vendorSlug/payment-status',
          element: <PaymentStatusPage wait={{ totalMs: 5000, everyMs: 20 }} />,
        },
      ],
      `/zevar/payment-status?orderId=${ORDER_ID}&status=success`,
    );
    expect(await screen.findByRole('heading', { name: 'Confirming your payment...' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeInTheDocument();
  });

  it("a payment still pending after the wait shows 'Payment Failed' with the order number and amount", async () => {
    // The page's own wait (15 s, a look every 3 s) on a fake clock: only the clock decides.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const fetchMock = mockFetch(() =>
      jsonResponse(order({ status: 'PAYMENT_PENDING', paymentStatus: 'PENDING', paymentId: null })),
    );
    renderRoutes(
      [{ path: '/:vendorSlug/payment-status', element: <PaymentStatusPage /> }],
      `/zevar/payment-status?orderId=${ORDER_ID}&status=success`,
    );
    const step = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    await step(0);
    expect(screen.getByRole('heading', { name: 'Confirming your payment...' })).toBeInTheDocument();
    await step(PENDING_WAIT.totalMs - 1);
    expect(screen.getByRole('heading', { name: 'Confirming your payment...' })).toBeInTheDocument();
    // The first look, then one every 3 s while it waits.
    expect(fetchMock.mock.calls.length).toBe(
      1 + Math.floor((PENDING_WAIT.totalMs - 1) / PENDING_WAIT.everyMs),
    );
    await step(1);
    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeInTheDocument();
    const looks = fetchMock.mock.calls.length;
    expect(screen.getByText('ZV261122-ABCDEF12')).toBeInTheDocument();
    expect(screen.getByText('₹3,000.00')).toBeInTheDocument();
    await step(PENDING_WAIT.everyMs * 3);
    expect(fetchMock.mock.calls.length).toBe(looks);
  });

  it('an order being confirmed (confirm call failed) is never called failed while it waits, and empties the cart once paid', async () => {
    localStorage.setItem('cart_items', JSON.stringify([{ productId: 1, quantity: 1 }]));
    localStorage.setItem('confirming_order', ORDER_ID);
    let calls = 0;
    mockFetch(() => {
      calls += 1;
      return jsonResponse(
        calls < 12
          ? order({ status: 'PAYMENT_PENDING', paymentStatus: 'PENDING', paymentId: null })
          : order(),
      );
    });
    renderRoutes(
      [
        {
          path: '/:vendorSlug/payment-status',
          element: <PaymentStatusPage wait={{ totalMs: 60, everyMs: 20 }} />,
        },
      ],
      `/zevar/payment-status?orderId=${ORDER_ID}&status=confirming`,
    );
    expect(await screen.findByRole('heading', { name: 'Confirming your payment...' })).toBeInTheDocument();
    expect(screen.getByText(/was received and the order is being confirmed/)).toBeInTheDocument();
    expect(localStorage.getItem('cart_items')).not.toBeNull();
    expect(await screen.findByRole('heading', { name: 'Order Confirmed!' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment Failed' })).not.toBeInTheDocument();
    expect(calls).toBeGreaterThanOrEqual(12);
    expect(localStorage.getItem('cart_items')).toBeNull();
    expect(localStorage.getItem('confirming_order')).toBeNull();
  });

  it("an unknown order shows 'Oops!' with 'Order not found'", async () => {
    mockFetch(() => notFound());
    open(`?orderId=${ORDER_ID}`);
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
  });

  it("a server failure shows 'Failed to load order details'", async () => {
    mockFetch(() => jsonResponse({ code: 'INTERNAL', message: 'x' }, 500));
    open(`?orderId=${ORDER_ID}`);
    expect(await screen.findByText('Failed to load order details')).toBeInTheDocument();
  });

  describe('a refunded order', () => {
    const documents = (credited: number[]) => ({
      invoice: { number: 'ZV/26-27/000042', issuedAt: '2026-11-22T10:00:00.000Z', total: 3000 },
      creditNotes: credited.map((total, i) => ({
        id: 9 + i,
        number: `ZC/26-27/00000${3 + i}`,
        issuedAt: '2026-11-23T10:00:00.000Z',
        total,
      })),
    });
    const serve = (o: OrderStatusView, credited: number[]) =>
      mockFetch((url) =>
        url.endsWith('/tax-documents') ? jsonResponse(documents(credited)) : jsonResponse(o),
      );

    it("says 'Refunded' with the amount, never 'Payment Failed', and still offers the invoice and credit note", async () => {
      holdKey();
      serve(order({ status: 'CANCELLED', paymentStatus: 'REFUNDED' }), [3000]);
      open(`?orderId=${ORDER_ID}`);
      expect(await screen.findByRole('heading', { name: 'Refunded' })).toBeInTheDocument();
      expect(screen.queryByText('Payment Failed')).not.toBeInTheDocument();
      expect(
        screen.getByText('Your order has been cancelled and your payment of ₹3,000.00 has been refunded.'),
      ).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Download invoice' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Credit note ZC/26-27/000003' })).toBeInTheDocument();
      expect(screen.getByTestId('refunded-amount')).toHaveTextContent('₹3,000.00');
    });

    it("says 'Partially Refunded' when the credit notes cover less than the invoice", async () => {
      holdKey();
      serve(order({ status: 'CANCELLED', paymentStatus: 'REFUNDED' }), [1000.1, 199.9]);
      open(`?orderId=${ORDER_ID}`);
      expect(await screen.findByRole('heading', { name: 'Partially Refunded' })).toBeInTheDocument();
      expect(
        screen.getByText('₹1,200.00 of your payment of ₹3,000.00 has been refunded.'),
      ).toBeInTheDocument();
      expect(screen.getByTestId('refunded-amount')).toHaveTextContent('₹1,200.00');
      expect(screen.getByRole('button', { name: 'Credit note ZC/26-27/000004' })).toBeInTheDocument();
    });

    it("says 'Refund Pending' while the refund is on its way, with the invoice to download", async () => {
      holdKey();
      serve(order({ status: 'CANCELLED', paymentStatus: 'REFUND_PENDING' }), []);
      open(`?orderId=${ORDER_ID}`);
      expect(await screen.findByRole('heading', { name: 'Refund Pending' })).toBeInTheDocument();
      expect(
        screen.getByText('Your order has been cancelled. Your payment of ₹3,000.00 is being refunded.'),
      ).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Download invoice' })).toBeInTheDocument();
      expect(screen.queryByTestId('refunded-amount')).not.toBeInTheDocument();
    });
  });
});
