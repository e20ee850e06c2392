// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '@zevar/domain';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../../test/utils';
import OrdersSection from './OrdersSection';

const order: AdminOrder = {
  id: '0b7c4f5e-1111-4a2b-9c3d-000000000001',
  orderNumber: 'ZV261122-0000ABCD',
  customerName: 'Asha Rao',
  customerEmail: 'asha@example.in',
  customerPhone: '9876543210',
  orderDate: '2026-11-22T10:00:00.000Z',
  status: 'CONFIRMED',
  paymentStatus: 'CAPTURED',
  paymentId: 'pay_1',
  paymentDate: '2026-11-22T10:01:00.000Z',
  vendor: { id: 7, name: 'Kaveri Gold House' },
  vendorSlug: 'kaveri',
  attribution: null,
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
      productId: 1,
      productName: 'Gold Ring',
      productSku: 'RING-1',
      image: null,
      priceAtTime: 2500,
      quantity: 2,
      totalPrice: 5000,
    },
  ],
  totalAmount: 5000,
  couponDiscount: 0,
  shippingCost: 0,
  roundOff: 0,
  finalAmount: 5000,
  appliedCoupons: [],
  customerNotes: null,
  shipments: [],
};

const noTax = {
  buyerGstin: null,
  panMasked: null,
  documents: { invoice: null, creditNotes: [] },
  placeOfSupply: null,
};

const page = (content: AdminOrder[]) => ({
  content,
  totalPages: 1,
  totalElements: content.length,
  size: 10,
  number: 0,
});

/** The order's detail as the server answers it, with what is left to refund (its total when nothing was refunded). */
const detailOf = (o: AdminOrder, refundable = o.finalAmount) => ({
  ...o,
  statusHistory: [],
  tax: noTax,
  refunds: { refunded: o.finalAmount - refundable, pending: 0, refundable, refunds: [], refundedUnits: [] },
});

function renderSection(patchAnswer: (url: string) => Response, refundable?: number) {
  signIn('ADMIN', ['MANAGE_ORDERS']);
  const fetchMock = mockFetch((url, init) => {
    if (url.startsWith('/api/orders/paginated')) return jsonResponse(page([order]));
    if (url === `/api/orders/admin/${order.orderNumber}`) return jsonResponse(detailOf(order, refundable));
    if (init.method === 'PATCH') return patchAnswer(url);
    return notFound();
  });
  renderRoutes([{ path: '/', element: <OrdersSection /> }], '/');
  return { fetchMock, user: userEvent.setup() };
}

describe('orders table', () => {
  it('offers only the current and allowed next statuses, sends a change at once and shows the returned order', async () => {
    const { fetchMock, user } = renderSection(() =>
      jsonResponse({ ...order, status: 'PROCESSING', statusHistory: [], tax: noTax }),
    );
    const select = await screen.findByRole('combobox', { name: `Order status for ${order.orderNumber}` });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Confirmed', 'Processing', 'Cancelled']);
    const payment = screen.getByRole('combobox', { name: `Payment status for ${order.orderNumber}` });
    expect(
      within(payment)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Captured', 'Refunded']);

    await user.selectOptions(select, 'PROCESSING');
    expect(await screen.findByRole('dialog', { name: 'Success' })).toHaveAccessibleDescription(
      'Order status updated successfully',
    );
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[0]).toBe(`/api/orders/${order.orderNumber}/status?status=PROCESSING`);
    const updated = screen.getByRole('combobox', { name: `Order status for ${order.orderNumber}` });
    expect(updated).toHaveValue('PROCESSING');
    expect(
      within(updated)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Processing', 'Shipped', 'Cancelled']);
  });

  it('offers a refunded shipped order no Delivered: its status cannot change', async () => {
    signIn('ADMIN', ['MANAGE_ORDERS']);
    const refunded: AdminOrder = { ...order, status: 'SHIPPED', paymentStatus: 'REFUNDED' };
    mockFetch((url) =>
      url.startsWith('/api/orders/paginated') ? jsonResponse(page([refunded])) : notFound(),
    );
    renderRoutes([{ path: '/', element: <OrdersSection /> }], '/');
    const select = await screen.findByRole('combobox', { name: `Order status for ${order.orderNumber}` });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Shipped']);
    expect(select).toBeDisabled();
  });

  it("reports a refused change with the server's reason and keeps the row as it was", async () => {
    const reason = 'Cannot change payment status from CAPTURED to REFUNDED. Allowed next states: none';
    const { user } = renderSection(() => jsonResponse({ code: 'CONFLICT', message: reason }, 409));
    const payment = await screen.findByRole('combobox', { name: `Payment status for ${order.orderNumber}` });
    await user.selectOptions(payment, 'REFUNDED');
    const ask = await screen.findByRole('dialog', { name: 'Refund Order' });
    await user.type(within(ask).getByLabelText(/Reason/), 'Damaged in transit');
    await user.click(within(ask).getByRole('button', { name: /^Refund/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveAccessibleDescription(
      /^Failed to update payment status\s+Cannot change payment status/,
    );
    expect(screen.getByRole('combobox', { name: `Payment status for ${order.orderNumber}` })).toHaveValue(
      'CAPTURED',
    );
  });

  it('cancelling a paid order asks first, naming the amount, the gateway refund and the credit note, and sends the required reason', async () => {
    const { fetchMock, user } = renderSection(() =>
      jsonResponse({
        ...order,
        status: 'CANCELLED',
        paymentStatus: 'REFUND_PENDING',
        statusHistory: [],
        tax: noTax,
      }),
    );
    const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    const select = await screen.findByRole('combobox', { name: `Order status for ${order.orderNumber}` });
    await user.selectOptions(select, 'CANCELLED');
    let ask = await screen.findByRole('dialog', { name: 'Cancel Paid Order' });
    expect(ask).toHaveAccessibleDescription(/refunds ₹5,000\.00 .*payment gateway.*credit note/);
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(patches()).toHaveLength(0);

    await user.selectOptions(
      screen.getByRole('combobox', { name: `Order status for ${order.orderNumber}` }),
      'CANCELLED',
    );
    ask = await screen.findByRole('dialog', { name: 'Cancel Paid Order' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel and refund ₹5,000.00' }));
    expect(
      within(ask).getByText('Please give the reason for cancelling or refunding this paid order'),
    ).toBeVisible();
    expect(patches()).toHaveLength(0);
    await user.type(within(ask).getByLabelText(/Reason/), 'Shopper changed mind');
    await user.click(within(ask).getByRole('button', { name: 'Cancel and refund ₹5,000.00' }));
    await screen.findByRole('dialog', { name: 'Success' });
    expect(patches()[0]?.[0]).toBe(
      `/api/orders/${order.orderNumber}/status?status=CANCELLED&reason=Shopper+changed+mind`,
    );
  });

  it('cancelling or refunding an order refunded in part before names what is left to refund, not its total', async () => {
    const { fetchMock, user } = renderSection(
      () => jsonResponse({ ...detailOf(order, 0), status: 'CANCELLED', paymentStatus: 'REFUND_PENDING' }),
      3000,
    );
    const select = await screen.findByRole('combobox', { name: `Order status for ${order.orderNumber}` });
    await user.selectOptions(select, 'CANCELLED');
    let ask = await screen.findByRole('dialog', { name: 'Cancel Paid Order' });
    expect(ask).toHaveAccessibleDescription(/refunds ₹3,000\.00 to the shopper/);
    expect(within(ask).queryByText(/₹5,000/)).not.toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));

    await user.selectOptions(
      screen.getByRole('combobox', { name: `Payment status for ${order.orderNumber}` }),
      'REFUNDED',
    );
    ask = await screen.findByRole('dialog', { name: 'Refund Order' });
    expect(ask).toHaveAccessibleDescription(/refunds ₹3,000\.00 to the shopper/);
    await user.type(within(ask).getByLabelText(/Reason/), 'Shopper asked');
    await user.click(within(ask).getByRole('button', { name: 'Refund ₹3,000.00' }));
    await screen.findByRole('dialog', { name: 'Success' });
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(1);
  });

  it('shows the returned order in the list the admin now sees, even when the search changed it meanwhile', async () => {
    const { user } = renderSection(() =>
      jsonResponse({
        ...order,
        status: 'CANCELLED',
        paymentStatus: 'REFUND_PENDING',
        statusHistory: [],
        tax: noTax,
      }),
    );
    const select = await screen.findByRole('combobox', { name: `Order status for ${order.orderNumber}` });
    await user.selectOptions(select, 'CANCELLED');
    const ask = await screen.findByRole('dialog', { name: 'Cancel Paid Order' });
    // The search typed before the dropdown lands (debounced) while the question is open: a new list page.
    await user.type(screen.getByPlaceholderText('Search orders...'), order.orderNumber);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await user.type(within(ask).getByLabelText(/Reason/), 'Shopper asked');
    await user.click(within(ask).getByRole('button', { name: 'Cancel and refund ₹5,000.00' }));
    await screen.findByRole('dialog', { name: 'Success' });
    expect(screen.getByRole('combobox', { name: `Order status for ${order.orderNumber}` })).toHaveValue(
      'CANCELLED',
    );
  });

  it('keeps a change when a list page asked for before it lands after it', async () => {
    signIn('ADMIN', ['MANAGE_ORDERS']);
    // The server's state: a list page is read when it is asked for, and the first search's answer is
    // held until the change has been answered (an admin who searched and changed a status quickly).
    let status: AdminOrder['status'] = 'CONFIRMED';
    let searches = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    mockFetch(async (url, init) => {
      if (init.method === 'PATCH') {
        status = 'PROCESSING';
        return jsonResponse({ ...order, status, statusHistory: [], tax: noTax });
      }
      if (url.startsWith('/api/orders/paginated')) {
        const answer = page([{ ...order, status }]);
        if (url.includes('search=') && ++searches === 1) await held;
        return jsonResponse(answer);
      }
      return notFound();
    });
    renderRoutes([{ path: '/', element: <OrdersSection /> }], '/');
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: `Order status for ${order.orderNumber}` });
    await user.type(screen.getByPlaceholderText('Search orders...'), order.orderNumber);
    await waitFor(() => expect(searches).toBe(1));
    await user.selectOptions(select, 'PROCESSING');
    await screen.findByRole('dialog', { name: 'Success' });
    release();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByRole('combobox', { name: `Order status for ${order.orderNumber}` })).toHaveValue(
      'PROCESSING',
    );
  });

  it("shows 'No orders found.' for an empty page and no pagination for a single page", async () => {
    signIn('ADMIN', ['MANAGE_ORDERS']);
    mockFetch((url) => (url.startsWith('/api/orders/paginated') ? jsonResponse(page([])) : notFound()));
    renderRoutes([{ path: '/', element: <OrdersSection /> }], '/');
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('opens the detail view with order information, totals (discount shown negative) and the status history', async () => {
    signIn('ADMIN', ['MANAGE_ORDERS']);
    const detail = {
      ...order,
      paymentId: null,
      vendor: null,
      totalAmount: 5000,
      couponDiscount: 250,
      finalAmount: 4750,
      tax: {
        buyerGstin: '27AAPFU0939F1ZV',
        panMasked: 'XXXXXX234F',
        placeOfSupply: { state: 'Maharashtra', code: '27' },
        documents: {
          invoice: { number: 'ZV/26-27/000007', issuedAt: '2026-11-22T10:01:00.000Z', total: 1100 },
          creditNotes: [
            { id: 3, number: 'ZC/26-27/000001', issuedAt: '2026-11-23T10:01:00.000Z', total: 1100 },
          ],
        },
      },
      statusHistory: [
        {
          field: 'status',
          from: 'PAYMENT_PENDING',
          to: 'CONFIRMED',
          actor: 'payment',
          at: '2026-11-22T10:01:00.000Z',
        },
      ],
    };
    mockFetch((url) => {
      if (url.startsWith('/api/orders/paginated')) return jsonResponse(page([order]));
      if (url === `/api/orders/admin/${order.orderNumber}`) return jsonResponse(detail);
      return notFound();
    });
    renderRoutes([{ path: '/', element: <OrdersSection /> }], '/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `View order ${order.orderNumber}` }));
    const info = await screen.findByRole('region', { name: 'Order Information' });
    expect(within(info).getAllByText('N/A')).toHaveLength(2);
    const foot = screen.getByRole('row', { name: /Discount/ });
    expect(foot).toHaveTextContent('-₹250.00');
    expect(screen.getByRole('row', { name: /^Total/ })).toHaveTextContent('₹4,750.00');
    expect(screen.getByRole('button', { name: 'Download invoice' })).toBeInTheDocument();
    const tax = screen.getByRole('region', { name: 'Tax Invoice' });
    expect(tax).toHaveTextContent('ZV/26-27/000007');
    expect(tax).toHaveTextContent('XXXXXX234F');
    expect(tax).toHaveTextContent('Place of supplyMaharashtra (27)');
    expect(tax).toHaveTextContent('27AAPFU0939F1ZV');
    expect(within(tax).getByRole('button', { name: 'ZC/26-27/000001' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Status History' })).toHaveTextContent(
      'Payment Pending → Confirmed',
    );
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(
      await screen.findByRole('combobox', { name: `Order status for ${order.orderNumber}` }),
    ).toBeInTheDocument();
  });

  it('lets an order manager name the state of a flagged order, then shows its place of supply and invoice', async () => {
    signIn('ADMIN', ['MANAGE_ORDERS']);
    const flagged = {
      ...order,
      shippingAddress: { ...order.shippingAddress, state: 'Karnatka State' },
      statusHistory: [],
      tax: { ...noTax, placeOfSupply: null },
    };
    const named = {
      ...flagged,
      shippingAddress: order.shippingAddress,
      statusHistory: [
        {
          field: 'shippingState',
          from: 'Karnatka State',
          to: 'Karnataka',
          actor: 'ops',
          at: '2026-11-26T04:00:00.000Z',
        },
      ],
      tax: {
        ...noTax,
        placeOfSupply: { state: 'Karnataka', code: '29' },
        documents: {
          invoice: { number: 'ZV/26-27/000009', issuedAt: '2026-11-26T04:00:00.000Z', total: 5000 },
          creditNotes: [],
        },
      },
    };
    const fetchMock = mockFetch((url, init) => {
      if (url.startsWith('/api/orders/paginated')) return jsonResponse(page([order]));
      if (url === `/api/orders/admin/${order.orderNumber}`) return jsonResponse(flagged);
      if (init.method === 'PATCH') return jsonResponse(named);
      return notFound();
    });
    renderRoutes([{ path: '/', element: <OrdersSection /> }], '/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `View order ${order.orderNumber}` }));
    const tax = await screen.findByRole('region', { name: 'Tax Invoice' });
    expect(within(tax).getByRole('alert')).toHaveTextContent('No tax invoice is issued on a guess.');
    // The PIN code 560025 can only be in Karnataka: it is chosen already.
    const state = within(tax).getByRole('combobox', { name: /State of the delivery address/ });
    expect(state).toHaveValue('Karnataka');
    await user.click(within(tax).getByRole('button', { name: 'Set state and issue invoice' }));
    await screen.findByRole('dialog', { name: 'Success' });
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[0]).toBe(`/api/orders/${order.orderNumber}/shipping-state`);
    expect(JSON.parse(patch?.[1]?.body as string)).toEqual({ state: 'Karnataka' });
    expect(tax).toHaveTextContent('Place of supplyKarnataka (29)');
    expect(tax).toHaveTextContent('ZV/26-27/000009');
    expect(screen.getByRole('region', { name: 'Status History' })).toHaveTextContent(
      'State: Karnatka State → Karnataka',
    );
  });
});
