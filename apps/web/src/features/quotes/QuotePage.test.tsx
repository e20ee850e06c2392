// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStoredVendorSlug, setStoredVendorSlug } from '../../lib/storage';
import { jsonResponse, mockFetch, notFound, renderRoutes } from '../../test/utils';
import QuotePage from './QuotePage';

describe('quote page', () => {
  it("opens in the reseller's shop: the shop the buyer was in before becomes the quote's", async () => {
    setStoredVendorSlug('zevar');
    mockFetch((url) =>
      url === '/api/quotes/AbC123xy/open'
        ? jsonResponse({
            code: 'AbC123xy',
            vendorSlug: 'meena-jewels',
            shopName: 'Meena Jewels',
            status: 'opened',
            createdAt: '2026-11-26T10:00:00.000Z',
            validUntil: '2099-11-27T10:00:00.000Z',
            note: '',
            lines: [],
            subtotal: 0,
            discount: 0,
            total: 0,
            roundOff: 0,
            orderNumber: null,
            today: null,
          })
        : notFound(),
    );
    renderRoutes([{ path: '/q/:code', element: <QuotePage /> }], '/q/AbC123xy');
    expect(await screen.findByRole('heading', { name: 'Meena Jewels' })).toBeInTheDocument();
    expect(getStoredVendorSlug()).toBe('meena-jewels');
  });
});
