import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders';
import { jsonResponse, mockFetch, testQueryClient } from '../../../test/utils';
import MetalsSection from './MetalsSection';

const gold = { id: 1, name: 'Gold', price: 6500, lastUpdated: '2026-11-01T10:00:00.000Z', purities: [] };

function renderWith(ui: React.ReactNode) {
  const f = mockFetch((url, init) => {
    if (url === '/api/metals' && init.method === 'POST')
      return jsonResponse({ ...gold, id: 2, name: 'Silver', price: 80 }, 201);
    if (url === '/api/metals') return jsonResponse([gold]);
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  render(<AppProviders queryClient={testQueryClient()}>{ui}</AppProviders>);
  return f;
}

describe('metals section', () => {
  afterEach(() => vi.unstubAllGlobals());

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
});
