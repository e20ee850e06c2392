// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { jsonResponse, mockFetch, testQueryClient } from '../../../test/utils';
import MetalsSection from './MetalsSection';

const gold = { id: 1, name: 'Gold', price: 6000, lastUpdated: '2026-11-01T10:00:00.000Z', purities: [] };
const silver = { id: 2, name: 'Silver', price: 80, lastUpdated: '2026-11-02T10:00:00.000Z', purities: [] };

const preview = (newPrice: number) => ({
  metalId: 1,
  oldPrice: 6000,
  newPrice,
  changePercent: Math.round(((newPrice - 6000) / 6000) * 1000) / 10,
  bigChange: Math.abs(newPrice - 6000) * 10 > 6000,
  productsAffected: 7,
  samples: [
    { id: 5, name: 'Classic Gold Jhumkas', oldPrice: 12_500, newPrice: 12_500 + (newPrice - 6000) * 2 },
  ],
});

function serve() {
  return mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/metals') return jsonResponse([gold, silver]);
    if (url === '/api/metals/prices' && method === 'PUT')
      return jsonResponse({
        gold: 6100,
        silver: 82,
        lastUpdated: '2026-11-22T10:00:00.000Z',
        gstRatePercent: 3,
        goldVersion: 2,
        silverVersion: 2,
      });
    if (url === '/api/metals/prices')
      return jsonResponse({
        gold: 6000,
        silver: 80,
        lastUpdated: silver.lastUpdated,
        gstRatePercent: 3,
        goldVersion: 1,
        silverVersion: 1,
      });
    if (url.startsWith('/api/metals/1/preview'))
      return jsonResponse(preview(Number(new URL(url, 'http://x').searchParams.get('price'))));
    if (url.startsWith('/api/metals/2/preview'))
      return jsonResponse({
        ...preview(6000),
        metalId: 2,
        oldPrice: 80,
        newPrice: 82,
        changePercent: 2.5,
        bigChange: false,
        productsAffected: 3,
      });
    if (url === '/api/metals/1/history')
      return jsonResponse([
        {
          id: 9,
          purity: null,
          oldPrice: 5900,
          newPrice: 6000,
          changedBy: 'demo-admin',
          changedAt: '2026-11-01T10:00:00.000Z',
        },
      ]);
    if (url.endsWith('/history')) return jsonResponse([]);
    if (url === '/api/metals/1' && method === 'PUT') return jsonResponse({ ...gold, price: 6200 });
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
}

const puts = (f: ReturnType<typeof mockFetch>, url: string) =>
  f.mock.calls.filter(([u, init]) => u === url && (init as RequestInit).method === 'PUT');

async function editGoldTo(price: string) {
  const user = userEvent.setup();
  const card = await screen.findByRole('listitem', { name: 'Gold' });
  await user.click(within(card).getByRole('button', { name: 'Edit' }));
  const box = within(card).getByLabelText('Price per gram');
  await user.clear(box);
  await user.type(box, price);
  await user.click(within(card).getByRole('button', { name: 'Save' }));
  return user;
}

describe('metal rate changes', () => {
  it('shows how many products change with a few old and new prices before saving; Cancel saves nothing', async () => {
    const f = serve();
    render(<AppProviders queryClient={testQueryClient()}>{<MetalsSection />}</AppProviders>);
    const user = await editGoldTo('6200');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Rate Change' });
    expect(dialog).toHaveTextContent('Gold: ₹6,000.00 → ₹6,200.00 per gram (+3.3%)');
    expect(dialog).toHaveTextContent('7 product prices change');
    expect(dialog).toHaveTextContent('Classic Gold Jhumkas: ₹12,500.00 → ₹12,900.00');
    expect(dialog).toHaveTextContent('…and 6 more');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(puts(f, '/api/metals/1')).toHaveLength(0);
  });

  it('a change of more than 10 % is asked about twice before it is saved', async () => {
    const f = serve();
    render(<AppProviders queryClient={testQueryClient()}>{<MetalsSection />}</AppProviders>);
    const user = await editGoldTo('6700');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Rate Change' })).getByRole('button', {
        name: 'Save Rate',
      }),
    );
    const second = await screen.findByRole('dialog', { name: 'Large Rate Change' });
    expect(second).toHaveTextContent('Gold (+11.7%): more than 10 % in one step.');
    expect(puts(f, '/api/metals/1')).toHaveLength(0);
    await user.click(within(second).getByRole('button', { name: 'Yes, save it' }));
    expect(await screen.findByText('Metal updated successfully')).toBeInTheDocument();
    expect(puts(f, '/api/metals/1')).toHaveLength(1);
  });

  it('the metal card lists its rate history: when, who, old and new', async () => {
    serve();
    render(<AppProviders queryClient={testQueryClient()}>{<MetalsSection />}</AppProviders>);
    const card = await screen.findByRole('listitem', { name: 'Gold' });
    const history = await within(card).findByRole('list', { name: 'Rate history' });
    expect(history).toHaveTextContent('demo-admin');
    expect(history).toHaveTextContent('₹5,900.00 → ₹6,000.00');
  });

  it("the prices summary shows Gold and Silver, edits both together and says 'Metal prices updated successfully'", async () => {
    const f = serve();
    render(<AppProviders queryClient={testQueryClient()}>{<MetalsSection />}</AppProviders>);
    const summary = await screen.findByRole('region', { name: 'Metal prices' });
    expect(await within(summary).findByTestId('summary-gold')).toHaveTextContent('₹6,000.00');
    expect(within(summary).getByTestId('summary-silver')).toHaveTextContent('₹80.00');
    const user = userEvent.setup();
    await user.click(within(summary).getByRole('button', { name: 'Edit prices' }));
    await user.clear(within(summary).getByLabelText('Gold per gram (₹)'));
    await user.type(within(summary).getByLabelText('Gold per gram (₹)'), '6100');
    await user.clear(within(summary).getByLabelText('Silver per gram (₹)'));
    await user.type(within(summary).getByLabelText('Silver per gram (₹)'), '82');
    await user.click(within(summary).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Rate Change' });
    expect(confirm).toHaveTextContent('Gold: ₹6,000.00 → ₹6,100.00');
    expect(confirm).toHaveTextContent('Silver: ₹80.00 → ₹82.00');
    await user.click(within(confirm).getByRole('button', { name: 'Save Rate' }));
    expect(await screen.findByText('Metal prices updated successfully')).toBeInTheDocument();
    const [call] = puts(f, '/api/metals/prices');
    expect(JSON.parse((call![1] as RequestInit).body as string)).toEqual({
      gold: 6100,
      silver: 82,
      goldVersion: 1,
      silverVersion: 1,
    });
  });
});
