// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../test/utils';
import { PaymentLinksList } from './PaymentLinks';

const link = (over: object = {}) => ({
  id: '6f1c2a4e-9d3b-4c1e-8f00-000000000001',
  quoteCode: 'AbC123xyZ789',
  vendorSlug: 'meena-jewels',
  status: 'created',
  url: 'http://localhost/sandbox/link/plink_1',
  amount: 52000,
  buyerName: 'Meera Iyer',
  buyerPhone: '9812345678',
  buyerEmail: null,
  expiresAt: '2099-11-27T10:00:00.000Z',
  createdAt: '2026-11-26T10:00:00.000Z',
  paidAt: null,
  orderNumber: null,
  ...over,
});

describe("a reseller's payment links", () => {
  it('offers an open link’s copy, share and cancel, and none of them once it is paid', async () => {
    const user = userEvent.setup();
    signIn('VENDOR');
    const cancelled: string[] = [];
    mockFetch((url, init) => {
      if (url === '/api/vendor/payment-links')
        return jsonResponse([
          link(),
          link({
            id: '6f1c2a4e-9d3b-4c1e-8f00-000000000002',
            status: 'paid',
            buyerName: 'Ravi Kumar',
            paidAt: '2026-11-26T11:00:00.000Z',
            orderNumber: 'ORD-2026-0042',
          }),
        ]);
      if (init.method === 'POST' && url.endsWith('/cancel')) {
        cancelled.push(url);
        return jsonResponse(link({ status: 'cancelled' }));
      }
      return notFound();
    });
    renderRoutes([{ path: '/', element: <PaymentLinksList vendorId={7} shopName="Meena Jewels" /> }], '/');
    const items = await screen.findAllByRole('listitem');
    const meera = items.find((i) => within(i).queryByText(/Meera Iyer/))!;
    expect(within(meera).getByRole('link', { name: link().url })).toHaveAttribute('href', link().url);
    expect(within(meera).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    const share = within(meera).getByRole('link', { name: 'Share on WhatsApp' });
    expect(decodeURIComponent(share.getAttribute('href') ?? '')).toContain('Meena Jewels');
    const ravi = items.find((i) => within(i).queryByText(/Ravi Kumar/))!;
    expect(within(ravi).queryByRole('button', { name: 'Cancel link' })).toBeNull();
    expect(within(ravi).queryByRole('button', { name: 'Copy link' })).toBeNull();

    await user.click(within(meera).getByRole('button', { name: 'Cancel link' }));
    await screen.findAllByRole('listitem');
    expect(cancelled).toEqual([`/api/vendor/payment-links/${link().id}/cancel`]);
  });
});
