// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getWaitingOrders, rememberWaitingOrder } from '../lib/waiting-orders';
import { jsonResponse, mockFetch, notFound, renderRoutes } from '../test/utils';
import { WaitingOrders } from './WaitingOrders';

const ID_A = '11111111-2222-4333-8444-aaaaaaaaaaaa';
const ID_B = '11111111-2222-4333-8444-bbbbbbbbbbbb';
const view = (status: string, paymentStatus: string) => ({ status, paymentStatus });

beforeEach(() => localStorage.clear());

describe('waiting orders', () => {
  it("lists this browser's orders still waiting for payment and cancels one with its key", async () => {
    rememberWaitingOrder({
      orderId: ID_A,
      orderNumber: 'ZV-A',
      amount: 18426,
      cancelKey: 'key-a',
      startedAt: Date.now(),
    });
    rememberWaitingOrder({
      orderId: ID_B,
      orderNumber: 'ZV-B',
      amount: 500,
      cancelKey: 'key-b',
      startedAt: Date.now(),
    });
    const cancels: unknown[] = [];
    mockFetch((url, init) => {
      if (url.endsWith(`/cancel-payment`)) {
        cancels.push({ url, body: JSON.parse(init.body as string) });
        return jsonResponse({ status: 'CANCELLED', paymentStatus: 'CANCELLED' });
      }
      if (url.includes(`/orders/byId/${ID_A}`)) return jsonResponse(view('PAYMENT_PENDING', 'PENDING'));
      if (url.includes(`/orders/byId/${ID_B}`)) return jsonResponse(view('CONFIRMED', 'CAPTURED'));
      return notFound();
    });
    renderRoutes([{ path: '/cart', element: <WaitingOrders /> }], '/cart');
    expect(await screen.findByRole('heading', { name: 'Orders waiting for payment' })).toBeInTheDocument();
    expect(screen.getByText(/Order ZV-A/)).toBeInTheDocument();
    // The paid one is no longer waiting: not shown and forgotten.
    expect(screen.queryByText(/Order ZV-B/)).not.toBeInTheDocument();
    expect(getWaitingOrders().map((o) => o.orderId)).toEqual([ID_A]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel order ZV-A' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Order ZV-A cancelled; its pieces are back in stock.',
    );
    expect(cancels).toEqual([
      {
        url: expect.stringContaining(`/orders/${ID_A}/cancel-payment`),
        body: { reason: 'dismissed', cancelKey: 'key-a' },
      },
    ]);
    expect(getWaitingOrders()).toEqual([]);
    expect(screen.queryByRole('button', { name: /Cancel order/ })).not.toBeInTheDocument();
  });

  it('shows nothing when this browser started no waiting order', () => {
    mockFetch(() => notFound());
    const { container } = renderRoutes([{ path: '/cart', element: <WaitingOrders /> }], '/cart');
    expect(container).toBeEmptyDOMElement();
  });
});
