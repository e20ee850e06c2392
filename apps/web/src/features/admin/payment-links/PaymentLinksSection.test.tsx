// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../../test/utils';
import { paidPaymentLink, paymentLink } from '../../../test/fixtures';
import PaymentLinksSection from './PaymentLinksSection';

const CODE = paymentLink().quoteCode;
const page = (content: unknown[]) => ({
  content,
  totalPages: 1,
  totalElements: content.length,
  size: 20,
  number: 0,
});
const quote = {
  code: CODE,
  vendorSlug: 'meena-jewels',
  shopName: 'Meena Jewels',
  status: 'opened',
  createdAt: '2026-11-26T10:00:00.000Z',
  validUntil: '2099-11-27T10:00:00.000Z',
  note: '',
  lines: [],
  subtotal: 52000,
  discount: 0,
  total: 52000,
  roundOff: 0,
  orderNumber: null,
  today: null,
};

describe('payment links section', () => {
  it('lists every link from the server with its quote, buyer, amount, status and order; filters and searches there', async () => {
    const user = userEvent.setup();
    signIn('ADMIN', ['MANAGE_ORDERS']);
    const lists: string[] = [];
    mockFetch((url) => {
      if (url.startsWith('/api/admin/payment-links?')) {
        lists.push(url);
        return jsonResponse(page([paymentLink(), paidPaymentLink()]));
      }
      return notFound();
    });
    renderRoutes([{ path: '/', element: <PaymentLinksSection /> }], '/');
    const rows = await screen.findAllByRole('row');
    const meera = rows.find((r) => within(r).queryByText('Meera Iyer'))!;
    expect(within(meera).getByText(CODE)).toBeInTheDocument();
    expect(within(meera).getByText('meena-jewels')).toBeInTheDocument();
    expect(within(meera).getByText('Waiting for payment')).toBeInTheDocument();
    expect(within(meera).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(within(meera).getByRole('button', { name: 'Cancel link' })).toBeInTheDocument();
    const ravi = rows.find((r) => within(r).queryByText('Ravi Kumar'))!;
    expect(within(ravi).getByText('Paid')).toBeInTheDocument();
    expect(within(ravi).getByText('ORD-2026-0042')).toBeInTheDocument();
    expect(within(ravi).queryByRole('button', { name: 'Cancel link' })).toBeNull();
    expect(lists[0]).toBe('/api/admin/payment-links?page=0&size=20');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'paid');
    await waitFor(() => expect(lists.at(-1)).toContain('status=paid'));
    await user.type(screen.getByRole('searchbox', { name: 'Search payment links' }), '98123');
    await waitFor(() => expect(lists.at(-1)).toContain('search=98123'));
    await user.type(screen.getByRole('textbox', { name: 'Shop' }), 'meena-jewels');
    await waitFor(() => expect(lists.at(-1)).toContain('vendor=meena-jewels'));
  });

  it('cancels an unpaid link and makes a link for a quote found by its code', async () => {
    const user = userEvent.setup();
    signIn('ADMIN', ['MANAGE_ORDERS']);
    const calls: Array<{ method: string; url: string; body?: unknown }> = [];
    mockFetch((url, init) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(init.body as string) : undefined });
      if (url.startsWith('/api/admin/payment-links?')) return jsonResponse(page([paymentLink()]));
      if (method === 'POST' && url === `/api/admin/payment-links/${paymentLink().id}/cancel`)
        return jsonResponse(paymentLink({ status: 'cancelled' }));
      if (url === `/api/quotes/${CODE}`) return jsonResponse(quote);
      if (method === 'POST' && url === `/api/admin/quotes/${CODE}/payment-links`)
        return jsonResponse(paymentLink({ id: '6f1c2a4e-9d3b-4c1e-8f00-000000000003' }), 201);
      return notFound();
    });
    renderRoutes([{ path: '/', element: <PaymentLinksSection /> }], '/');
    await user.click(await screen.findByRole('button', { name: 'Cancel link' }));
    expect(await screen.findByText('Payment link cancelled')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/cancel'))).toBe(true);

    // A pasted share link works as well as the bare code.
    await user.type(screen.getByLabelText('Quote code'), `https://zevar.in/q/${CODE}`);
    await user.click(screen.getByRole('button', { name: 'Create payment link' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Payment link for this quote' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Buyer’s name/), 'Meera Iyer');
    await user.type(within(dialog).getByLabelText(/Buyer’s mobile number/), '9812345678');
    await user.type(within(dialog).getByLabelText(/Delivery address/), '12 Residency Road');
    await user.type(within(dialog).getByLabelText(/^City/), 'Bengaluru');
    await user.selectOptions(within(dialog).getByLabelText(/^State/), 'Karnataka');
    await user.type(within(dialog).getByLabelText(/PIN code/), '560025');
    await user.click(within(dialog).getByRole('button', { name: 'Create payment link' }));
    expect(await within(dialog).findByText('Payment link created')).toBeInTheDocument();
    const made = calls.find(
      (c) => c.method === 'POST' && c.url === `/api/admin/quotes/${CODE}/payment-links`,
    );
    expect(made?.body).toMatchObject({
      buyerName: 'Meera Iyer',
      buyerPhone: '9812345678',
      shippingAddress: { city: 'Bengaluru', state: 'Karnataka', postalCode: '560025' },
    });
  });
});
