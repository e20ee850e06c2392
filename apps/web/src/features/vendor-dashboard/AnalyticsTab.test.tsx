// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ResellerAnalytics } from '@zevar/domain';
import { describe, expect, it } from 'vitest';
import { vendorUser } from '../../test/fixtures';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../test/utils';
import AnalyticsTab, { CommissionChart } from './AnalyticsTab';

const NOW = new Date('2026-11-20T06:30:00Z');

const answer = (bucket: ResellerAnalytics['bucket']): ResellerAnalytics => ({
  from: '2026-10-22',
  to: '2026-11-20',
  bucket,
  totals: {
    shopViews: 120,
    productViews: 340,
    quoteViews: 12,
    quotesSent: 5,
    quotesConverted: 2,
    orders: 4,
    conversionRate: 0.8,
    commission: 9500,
  },
  series:
    bucket === 'week'
      ? [
          { start: '2026-11-09', views: 200, orders: 1, commission: 2000 },
          { start: '2026-11-16', views: 272, orders: 3, commission: 7500 },
        ]
      : [
          { start: '2026-11-19', views: 100, orders: 1, commission: 2000 },
          { start: '2026-11-20', views: 372, orders: 3, commission: 7500 },
        ],
  topProducts: [{ productId: 9, name: 'Temple Necklace', views: 210, units: 3, commission: 7500 }],
  quotes: [
    { code: 'AbCdEfGhIjKl', createdAt: '2026-11-19T06:00:00.000Z', views: 3, converted: true, total: 62402 },
  ],
});

function renderTab() {
  signIn('VENDOR', [], 7);
  const fetchMock = mockFetch((url) => {
    const u = new URL(url, 'http://x');
    if (u.pathname === '/api/analytics/vendor/7')
      return jsonResponse(answer((u.searchParams.get('bucket') ?? 'day') as ResellerAnalytics['bucket']));
    return notFound();
  });
  renderRoutes([{ path: '/', element: <AnalyticsTab vendor={vendorUser()} now={NOW} /> }], '/');
  return { fetchMock, user: userEvent.setup() };
}

const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('reseller analytics tab', () => {
  it('shows the period’s figures, the commission chart and the top products', async () => {
    const { fetchMock } = renderTab();
    expect(await screen.findByText('Shop views', { selector: 'dt' })).toBeInTheDocument();
    const asked = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      from: '2026-10-22',
      to: '2026-11-20',
      bucket: 'day',
    });
    expect(tile('Shop views')).toHaveTextContent('120');
    expect(tile('Product views')).toHaveTextContent('340');
    expect(tile('Quote views')).toHaveTextContent('12');
    expect(tile('Quotes sent')).toHaveTextContent('5');
    expect(tile('Quotes converted')).toHaveTextContent('2');
    expect(tile('Orders')).toHaveTextContent('4');
    expect(tile('Conversion rate')).toHaveTextContent('0.8%');
    expect(tile('Commission')).toHaveTextContent('₹9,500.00');
    const chart = screen.getByRole('img', { name: /Commission over time: ₹9,500\.00 in 2 periods/ });
    expect(within(chart).getAllByTestId('commission-bar')).toHaveLength(2);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Temple Necklace.*210.*3.*₹7,500\.00/);
    expect(screen.getByText(/3 views · Converted/)).toBeInTheDocument();
    expect(screen.getByText(/no trackers/)).toBeInTheDocument();
  });

  it('says there is no commission rather than drawing an empty chart', () => {
    render(
      <CommissionChart
        series={[
          { start: '2026-11-19', views: 4, orders: 0, commission: 0 },
          { start: '2026-11-20', views: 1, orders: 0, commission: 0 },
        ]}
      />,
    );
    expect(screen.getByText('No commission in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText(/Highest/)).not.toBeInTheDocument();
  });

  it('asks again for another period and grouping', async () => {
    const { fetchMock, user } = renderTab();
    await screen.findByText('Shop views', { selector: 'dt' });
    await user.selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    await user.selectOptions(screen.getByLabelText('Group'), 'By week');
    await screen.findByText('16 Nov');
    const last = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://x');
    expect(Object.fromEntries(last.searchParams)).toEqual({
      from: '2026-11-14',
      to: '2026-11-20',
      bucket: 'week',
    });
  });

  it('says when the figures could not be loaded', async () => {
    signIn('VENDOR', [], 7);
    mockFetch(() => jsonResponse({ code: 'INTERNAL', message: 'Something went wrong' }, 500));
    renderRoutes([{ path: '/', element: <AnalyticsTab vendor={vendorUser()} now={NOW} /> }], '/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your analytics could not be loaded');
  });
});
