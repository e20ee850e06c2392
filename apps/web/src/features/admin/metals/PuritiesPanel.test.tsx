import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Metal } from '@zevar/domain';
import { AppProviders } from '../../../app/AppProviders';
import { jsonResponse, mockFetch, testQueryClient } from '../../../test/utils';
import { PuritiesPanel } from './PuritiesPanel';

const purity = {
  id: 11,
  name: '22K',
  fineness: 916,
  rateMode: 'DERIVED' as const,
  price: 5496,
  lastUpdated: '2026-11-01T10:00:00.000Z',
};
const gold: Metal = {
  id: 1,
  name: 'Gold',
  price: 6000,
  lastUpdated: '2026-11-01T10:00:00.000Z',
  purities: [purity],
};

function setup() {
  const fetchMock = mockFetch((url, init) => {
    if (url.startsWith('/api/metals/1/purities') && init.method !== 'GET')
      return jsonResponse({ ...purity, id: 12, ...(JSON.parse(init.body as string) as object) });
    // The 30-day chart.
    return jsonResponse([]);
  });
  const onChanged = vi.fn(() => Promise.resolve());
  render(
    <AppProviders queryClient={testQueryClient()}>
      <PuritiesPanel metal={gold} onChanged={onChanged} />
    </AppProviders>,
  );
  const calls = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST' || init?.method === 'PUT')
      .map(([url, init]) => [init?.method, url, JSON.parse(init?.body as string)]);
  return { user: userEvent.setup(), onChanged, calls };
}

describe('purities panel', () => {
  it('adds a purity with an entered rate, and Cancel leaves without saving', async () => {
    const { user, onChanged, calls } = setup();
    const panel = screen.getByRole('region', { name: 'Gold purities' });
    await user.click(within(panel).getByRole('button', { name: 'Add purity' }));
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).queryByLabelText('New purity name')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Add purity' }));
    await user.type(within(panel).getByLabelText('New purity name'), '18K');
    await user.type(within(panel).getByLabelText('New purity fineness'), '750');
    await user.selectOptions(within(panel).getByLabelText('New purity rate'), 'ENTERED');
    await user.type(within(panel).getByLabelText('New purity rate per gram'), '4600');
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls()).toEqual([
      ['POST', '/api/metals/1/purities', { name: '18K', fineness: 750, rateMode: 'ENTERED', rate: 4600 }],
    ]);
    expect(within(panel).queryByLabelText('New purity name')).not.toBeInTheDocument();
  });

  it('changes a purity in place with Save', async () => {
    const { user, onChanged, calls } = setup();
    const panel = screen.getByRole('region', { name: 'Gold purities' });
    await user.click(within(panel).getByRole('button', { name: 'Change 22K' }));
    const fineness = within(panel).getByLabelText('22K fineness');
    await user.clear(fineness);
    await user.type(fineness, '917');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls()).toEqual([
      ['PUT', '/api/metals/1/purities/11', { name: '22K', fineness: 917, rateMode: 'DERIVED', rate: null }],
    ]);
  });
});
