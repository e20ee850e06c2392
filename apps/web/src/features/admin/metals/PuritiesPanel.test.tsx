// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetUnsavedForms } from '../../../components/unsaved-changes';
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
  version: 1,
};
const gold: Metal = {
  id: 1,
  name: 'Gold',
  price: 6000,
  lastUpdated: '2026-11-01T10:00:00.000Z',
  purities: [purity],
  version: 1,
};

const preview = (newPrice: number, bigChange: boolean) => ({
  metalId: 1,
  oldPrice: 5496,
  newPrice,
  changePercent: Math.round(((newPrice - 5496) / 5496) * 1000) / 10,
  bigChange,
  productsAffected: 2,
  samples: [{ id: 7, name: 'Temple necklace', oldPrice: 130_000, newPrice: 21_952 }],
});

function setup(previewAnswer = preview(5502, false)) {
  const fetchMock = mockFetch((url, init) => {
    if (url.endsWith('/preview')) return jsonResponse(previewAnswer);
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
  afterEach(() => forgetUnsavedForms());

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
    // The rate moves, so the admin first sees what changes (as for the fine rate).
    const ask = await screen.findByRole('dialog', { name: 'Confirm Rate Change' });
    expect(ask).toHaveTextContent('2 product prices change');
    await user.click(within(ask).getByRole('button', { name: 'Save Rate' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const body = { name: '22K', fineness: 917, rateMode: 'DERIVED', rate: null };
    expect(calls()).toEqual([
      ['POST', '/api/metals/1/purities/11/preview', body],
      ['PUT', '/api/metals/1/purities/11', { ...body, version: 1 }],
    ]);
  });

  it('a purity rate typo (more than 10 %) is asked about twice and saved only with the second answer', async () => {
    const { user, onChanged, calls } = setup(preview(549.6, true));
    const panel = screen.getByRole('region', { name: 'Gold purities' });
    await user.click(within(panel).getByRole('button', { name: 'Change 22K' }));
    await user.selectOptions(within(panel).getByLabelText('22K rate'), 'ENTERED');
    await user.clear(within(panel).getByLabelText('22K rate per gram'));
    await user.type(within(panel).getByLabelText('22K rate per gram'), '549.6');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    const first = await screen.findByRole('dialog', { name: 'Confirm Rate Change' });
    expect(first).toHaveTextContent('Temple necklace');
    await user.click(within(first).getByRole('button', { name: 'Save Rate' }));
    const second = await screen.findByRole('dialog', { name: 'Large Rate Change' });
    await user.click(within(second).getByRole('button', { name: 'Cancel' }));
    expect(onChanged).not.toHaveBeenCalled();
    expect(calls().map(([method]) => method)).toEqual(['POST']);

    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Rate Change' })).getByRole('button', {
        name: 'Save Rate',
      }),
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Large Rate Change' })).getByRole('button', {
        name: 'Yes, save it',
      }),
    );
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls().at(-1)).toEqual([
      'PUT',
      '/api/metals/1/purities/11',
      expect.objectContaining({ rate: 549.6, confirmBigChange: true }),
    ]);
  });

  it("refuses a draft with the API's messages (entered rate missing, fineness out of range) and sends nothing", async () => {
    const { user, calls } = setup();
    const panel = screen.getByRole('region', { name: 'Gold purities' });
    await user.click(within(panel).getByRole('button', { name: 'Add purity' }));
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('This field is required');
    expect(within(panel).getByLabelText('New purity name')).toHaveAttribute('aria-invalid', 'true');

    await user.type(within(panel).getByLabelText('New purity name'), '24K');
    await user.type(within(panel).getByLabelText('New purity fineness'), '1001');
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Fineness is 1 to 1000');

    await user.clear(within(panel).getByLabelText('New purity fineness'));
    await user.type(within(panel).getByLabelText('New purity fineness'), '999');
    await user.selectOptions(within(panel).getByLabelText('New purity rate'), 'ENTERED');
    await user.click(within(panel).getByRole('button', { name: 'Add' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Enter the rate of an entered purity');
    expect(calls()).toEqual([]);
  });

  it('Cancel on a changed purity asks before the change is dropped', async () => {
    const { user, calls } = setup();
    const panel = screen.getByRole('region', { name: 'Gold purities' });
    await user.click(within(panel).getByRole('button', { name: 'Change 22K' }));
    await user.type(within(panel).getByLabelText('22K name'), ' hallmarked');
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard Changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep Editing' }));
    expect(within(panel).getByLabelText('22K name')).toHaveValue('22K hallmarked');
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard Changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(within(panel).queryByLabelText('22K name')).not.toBeInTheDocument());
    expect(calls()).toEqual([]);
  });

  it("lays a purity's four boxes out by its card's width, not the window's, so a narrow card shows their values", async () => {
    const { user } = setup();
    const panel = screen.getByRole('region', { name: 'Gold purities' });
    await user.click(within(panel).getByRole('button', { name: 'Change 22K' }));
    const form = within(panel).getByRole('form', { name: '22K purity' });
    // jsdom has no layout: the rule is the classes. Two columns unless the form (a container) is wide.
    expect(form).toHaveClass('@container');
    const fields = within(form).getByLabelText('22K name').parentElement!;
    expect(fields.className.split(' ')).toEqual(expect.arrayContaining(['grid-cols-2', '@md:grid-cols-4']));
    expect(fields.className).not.toMatch(/(^|\s)(sm|md|lg|xl):grid-cols/);
  });
});
