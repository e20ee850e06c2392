// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, notFound, renderRoutes } from '../../test/utils';
import ReturnPolicyPage from './ReturnPolicyPage';

const routes = [{ path: '/return-policy', element: <ReturnPolicyPage /> }];

describe('return policy page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the specification’s default text while no returns are configured', async () => {
    mockFetch((url) =>
      url.includes('/api/returns-policy')
        ? jsonResponse({ policy: { kind: 'NONE' }, excludedCategories: [] })
        : notFound(),
    );
    renderRoutes(routes, '/return-policy');
    expect(
      await screen.findByRole('heading', { name: 'No returns, no exchanges, no refunds' }),
    ).toBeInTheDocument();
  });

  it('shows the configured window, value cap and excluded categories', async () => {
    mockFetch((url) =>
      url.includes('/api/returns-policy')
        ? jsonResponse({
            policy: { kind: 'WINDOW', days: 15, maxValue: 75000, excludedCategoryIds: [3, 4] },
            excludedCategories: ['Bridal Rings', 'Nose Pins'],
          })
        : notFound(),
    );
    renderRoutes(routes, '/return-policy');
    expect(
      await screen.findByRole('heading', { name: 'Returns within 15 days of delivery' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Items worth up to ₹75,000(\.00)? each can be returned/)).toBeInTheDocument();
    expect(
      screen.getByText('These categories cannot be returned: Bridal Rings, Nose Pins.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/No returns, no exchanges/)).not.toBeInTheDocument();
  });
});
