// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../test/utils';
import { paidPaymentLink, paymentLink } from '../../test/fixtures';
import { PaymentLinksList } from './PaymentLinks';

describe("a reseller's payment links", () => {
  it('offers an open link’s copy, share and cancel, and none of them once it is paid', async () => {
    const user = userEvent.setup();
    signIn('VENDOR');
    const cancelled: string[] = [];
    mockFetch((url, init) => {
      if (url === '/api/vendor/payment-links') return jsonResponse([paymentLink(), paidPaymentLink()]);
      if (init.method === 'POST' && url.endsWith('/cancel')) {
        cancelled.push(url);
        return jsonResponse(paymentLink({ status: 'cancelled' }));
      }
      return notFound();
    });
    renderRoutes([{ path: '/', element: <PaymentLinksList vendorId={7} shopName="Meena Jewels" /> }], '/');
    const items = await screen.findAllByRole('listitem');
    const meera = items.find((i) => within(i).queryByText(/Meera Iyer/))!;
    expect(within(meera).getByRole('link', { name: paymentLink().url })).toHaveAttribute(
      'href',
      paymentLink().url,
    );
    expect(within(meera).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    const share = within(meera).getByRole('link', { name: 'Share on WhatsApp' });
    expect(decodeURIComponent(share.getAttribute('href') ?? '')).toContain('Meena Jewels');
    const ravi = items.find((i) => within(i).queryByText(/Ravi Kumar/))!;
    expect(within(ravi).queryByRole('button', { name: 'Cancel link' })).toBeNull();
    expect(within(ravi).queryByRole('button', { name: 'Copy link' })).toBeNull();

    await user.click(within(meera).getByRole('button', { name: 'Cancel link' }));
    await screen.findAllByRole('listitem');
    expect(cancelled).toEqual([`/api/vendor/payment-links/${paymentLink().id}/cancel`]);
  });
});
