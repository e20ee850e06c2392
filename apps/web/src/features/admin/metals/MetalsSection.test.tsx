// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetUnsavedForms, hasUnsavedChanges } from '../../../components/unsaved-changes';
import { AppProviders } from '../../../app/AppProviders';
import { jsonResponse, mockFetch, testQueryClient } from '../../../test/utils';
import MetalsSection from './MetalsSection';

const gold = { id: 1, name: 'Gold', price: 6500, lastUpdated: '2026-11-01T10:00:00.000Z', purities: [] };

function renderWith(ui: React.ReactNode) {
  const f = mockFetch((url, init) => {
    if (url === '/api/metals' && init.method === 'POST')
      return jsonResponse({ ...gold, id: 2, name: 'Silver', price: 80 }, 201);
    if (url === '/api/metals') return jsonResponse([gold]);
    if (url === '/api/metals/1' && init.method === 'PUT')
      return jsonResponse({ ...gold, ...(JSON.parse(init.body as string) as object) });
    if (url.endsWith('/history')) return jsonResponse([]);
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  render(<AppProviders queryClient={testQueryClient()}>{ui}</AppProviders>);
  return f;
}

describe('metals section', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetUnsavedForms();
  });

  const sent = (f: ReturnType<typeof renderWith>, method: string) =>
    f.mock.calls.filter(([, init]) => (init as RequestInit).method === method);

  it('shows each metal with its rate per gram and Last updated', async () => {
    renderWith(<MetalsSection />);
    const card = await screen.findByRole('listitem', { name: 'Gold' });
    expect(card).toHaveTextContent('₹6,500.00');
    expect(card).toHaveTextContent('Last updated');
  });

  it('refuses an empty name or a price of 0 with the Validation Error dialog', async () => {
    const f = renderWith(<MetalsSection />);
    fireEvent.change(screen.getByLabelText('Metal name'), { target: { value: 'Platinum' } });
    fireEvent.change(screen.getByLabelText('Price per gram (₹)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Metal' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Please fill all required fields')).toBeInTheDocument();
    expect(f.mock.calls.some(([, init]) => (init as RequestInit).method === 'POST')).toBe(false);
  });

  it('adds a metal and says so', async () => {
    renderWith(<MetalsSection />);
    fireEvent.change(screen.getByLabelText('Metal name'), { target: { value: 'Silver' } });
    fireEvent.change(screen.getByLabelText('Price per gram (₹)'), { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Metal' }));
    expect(await screen.findByText('Metal added successfully')).toBeInTheDocument();
  });

  it("marks the add form's fields with the API's messages and sends nothing until they are right", async () => {
    const f = renderWith(<MetalsSection />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add Metal' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Please fill all required fields');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('Metal name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(screen.getByText('Must be a number')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Metal name'), 'Platinum');
    await user.type(screen.getByLabelText('Price per gram (₹)'), '0');
    expect(await screen.findByText('Price must be above 0')).toBeInTheDocument();
    expect(sent(f, 'POST')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Price per gram (₹)'));
    await user.type(screen.getByLabelText('Price per gram (₹)'), '3200.5');
    await user.click(screen.getByRole('button', { name: 'Add Metal' }));
    expect(await screen.findByText('Metal added successfully')).toBeInTheDocument();
    expect(JSON.parse(sent(f, 'POST')[0]![1].body as string)).toEqual({ name: 'Platinum', price: 3200.5 });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(false));
    expect(screen.getByLabelText('Metal name')).toHaveValue('');
  });

  it('the inline edit saves a new name, refuses an invalid price without a request, and asks before Cancel drops changes', async () => {
    const f = renderWith(<MetalsSection />);
    const user = userEvent.setup();
    const card = await screen.findByRole('listitem', { name: 'Gold' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const price = within(card).getByLabelText('Price per gram');
    expect(price).toHaveValue(6500);
    await user.clear(price);
    await user.type(price, '-5');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Must not be negative')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent(f, 'PUT')).toHaveLength(0);

    // Cancel with changes asks first; Keep Editing keeps the input.
    expect(hasUnsavedChanges()).toBe(true);
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard Changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep Editing' }));
    expect(within(card).getByLabelText('Price per gram')).toHaveValue(-5);
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard Changes?' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(within(card).queryByLabelText('Price per gram')).not.toBeInTheDocument());
    expect(hasUnsavedChanges()).toBe(false);

    // A new name at the same rate is saved at once (no rate preview).
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const name = within(card).getByLabelText('Metal name');
    await user.clear(name);
    await user.type(name, 'Gold 24K');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Metal updated successfully')).toBeInTheDocument();
    expect(sent(f, 'PUT').map(([u, init]) => [u, JSON.parse(init.body as string)])).toEqual([
      ['/api/metals/1', { name: 'Gold 24K', price: 6500, version: 1 }],
    ]);
  });
});
