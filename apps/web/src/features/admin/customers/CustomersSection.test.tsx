// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../../test/utils';
import CustomersSection from './CustomersSection';

const meera = {
  key: 'a'.repeat(32),
  name: 'Meera Iyer',
  email: 'meera@example.in',
  phone: '9810012345',
  orders: 3,
  totalSpent: 8000,
  lastOrderAt: '2026-11-20T10:00:00.000Z',
  returns: 1,
};
const page = (content: unknown[]) => ({
  content,
  totalPages: 1,
  totalElements: content.length,
  size: 20,
  number: 0,
});

describe('customers section', () => {
  it('lists customers from the server, searches and sorts there, and opens one with orders and notes', async () => {
    const user = userEvent.setup();
    signIn('ADMIN', ['MANAGE_ORDERS']);
    const calls: string[] = [];
    const notes: unknown[] = [];
    mockFetch(async (url, init) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (url.startsWith('/api/customers?')) return jsonResponse(page([meera]));
      if (url === `/api/customers/${meera.key}/notes` && init.method === 'POST') {
        const body = JSON.parse(init.body as string) as { body: string };
        const note = { id: 1, body: body.body, author: 'Asha Admin', at: '2026-11-26T05:00:00.000Z' };
        notes.push(note);
        return jsonResponse(note, 201);
      }
      if (url === `/api/customers/${meera.key}`)
        return jsonResponse({
          customer: meera,
          orders: [
            {
              orderNumber: 'ZV-1',
              orderDate: '2026-11-20T10:00:00.000Z',
              status: 'DELIVERED',
              paymentStatus: 'CAPTURED',
              total: 2500,
            },
          ],
          notes,
          mayWriteNotes: true,
        });
      return notFound();
    });
    renderRoutes([{ path: '/', element: <CustomersSection /> }], '/');
    const row = (await screen.findByRole('button', { name: 'Meera Iyer' })).closest('tr')!;
    expect(within(row).getByText('₹8,000.00')).toBeInTheDocument();
    expect(within(row).getByText('20 Nov 2026')).toBeInTheDocument();
    expect(calls[0]).toBe('GET /api/customers?sort=lastOrder&direction=desc&page=0&size=20');

    await user.selectOptions(screen.getByLabelText('Sort customers by'), 'spent');
    await user.type(screen.getByLabelText('Search customers'), 'meera');
    await screen.findByRole('button', { name: 'Meera Iyer' });
    await expect
      .poll(() => calls.at(-1))
      .toBe('GET /api/customers?search=meera&sort=spent&direction=desc&page=0&size=20');

    await user.click(screen.getByRole('button', { name: 'Meera Iyer' }));
    expect(await screen.findByRole('heading', { name: 'Meera Iyer' })).toBeInTheDocument();
    expect(screen.getByText('ZV-1')).toBeInTheDocument();
    expect(screen.getByText('No notes yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New note'), 'Prefers a call after 6 pm');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Prefers a call after 6 pm')).toBeInTheDocument();
    expect(screen.getByText(/Asha Admin · 26 Nov 2026/)).toBeInTheDocument();
    expect(screen.getByLabelText('New note')).toHaveValue('');
  });

  it('says when no customer matches', async () => {
    signIn('ADMIN', ['VIEW_DETAILS']);
    mockFetch((url) => (url.startsWith('/api/customers?') ? jsonResponse(page([])) : notFound()));
    renderRoutes([{ path: '/', element: <CustomersSection /> }], '/');
    expect(await screen.findByText('No customers found.')).toBeInTheDocument();
  });
});
