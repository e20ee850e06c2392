// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MetalRate } from '@zevar/domain';
import { embedInPage, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { TodaysRates, pickTodaysRates } from './TodaysRates';

let purityId = 0;
const rate = (metal: string, purity: string, ratePerGram: number, lastUpdated: string): MetalRate => ({
  metalId: metal === 'Gold' ? 1 : 2,
  metal,
  purityId: (purityId += 1),
  purity,
  fineness: 1000,
  rateMode: 'DERIVED',
  ratePerGram,
  lastUpdated,
});

const rates = [
  rate('Gold', '24K', 7692.3, '2026-11-22T04:30:00.000Z'),
  rate('Gold', '22K', 7046.15, '2026-11-22T04:30:00.000Z'),
  rate('Gold', '18K', 5769.23, '2026-11-22T04:30:00.000Z'),
  rate('Silver', '999', 95.9, '2026-11-22T06:15:00.000Z'),
  rate('Silver', '925', 88.8, '2026-11-22T06:15:00.000Z'),
];

afterEach(() => vi.unstubAllGlobals());

describe("Today's rates strip", () => {
  it('shows gold 24K and 22K and silver 999 per gram, with the latest update, from the rates answer', async () => {
    mockFetch((url) => (url.startsWith('/api/metal-rates') ? jsonResponse(rates) : jsonResponse([])));
    renderRoutes([{ path: '/:vendorSlug', element: <TodaysRates /> }], '/zevar');
    const strip = await screen.findByRole('region', { name: 'Today’s rates' });
    const values = within(strip)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(
      within(strip)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Gold 24K', 'Gold 22K', 'Silver 999']);
    expect(values).toEqual(['₹7,692.30/g', '₹7,046.15/g', '₹95.90/g']);
    // Silver was updated last: its time is the strip's.
    expect(strip).toHaveTextContent(/Updated 22 Nov 2026, 11:45/i);
  });

  it('is in the first render when the server embedded the rates in the page', () => {
    const cleanup = embedInPage({ '/api/metal-rates': rates });
    // The server never answers: whatever shows came from the page itself.
    mockFetch(() => new Promise<Response>(() => undefined));
    try {
      renderRoutes([{ path: '/:vendorSlug', element: <TodaysRates /> }], '/zevar');
      const strip = screen.getByRole('region', { name: 'Today’s rates' });
      expect(strip).toHaveTextContent('Gold 22K₹7,046.15/g');
    } finally {
      cleanup();
    }
  });

  it('shows nothing when no gold or silver rate is known', () => {
    expect(pickTodaysRates([rate('Platinum', '950', 3000, '2026-11-22T04:30:00.000Z')])).toEqual({
      shown: [],
      latest: null,
    });
  });
});
