// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { vendorUser } from '../../../test/fixtures';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../../test/utils';
import VendorsSection from './VendorsSection';

const page = (content: unknown[]) => ({
  content,
  totalPages: 1,
  totalElements: content.length,
  size: 10,
  number: 0,
});

function renderSection() {
  signIn('ADMIN', ['SUPER_ADMIN']);
  const fetchMock = mockFetch(() => jsonResponse(page([vendorUser()])));
  renderRoutes([{ path: '/', element: <VendorsSection /> }], '/');
  const urls = () => fetchMock.mock.calls.map(([url]) => String(url));
  return { fetchMock, urls, user: userEvent.setup() };
}

describe('user management filters', () => {
  it("shows 'Loading users...' and then the table of users", async () => {
    renderSection();
    expect(screen.getByText('Loading users...')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'Name/Plan', 'Email', 'Role', 'Status', 'Created At', 'Actions']);
    expect(within(table).getByText('Asha Jewellers')).toBeInTheDocument();
  });

  it('a single date disables the range, and a range disables the single date', async () => {
    const { urls } = renderSection();
    await screen.findByRole('table');
    const date = screen.getByLabelText('Joined on');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');

    fireEvent.change(date, { target: { value: '2025-01-10' } });
    expect(from).toBeDisabled();
    expect(to).toBeDisabled();
    await waitFor(() => expect(urls()).toContain('/api/user/vendors/by-date?page=0&size=10&date=2025-01-10'));

    fireEvent.change(date, { target: { value: '' } });
    expect(from).toBeEnabled();
    fireEvent.change(from, { target: { value: '2025-01-01' } });
    expect(date).toBeDisabled();
    expect(date).toHaveValue('');
    fireEvent.change(to, { target: { value: '2025-01-31' } });
    await waitFor(() =>
      expect(urls()).toContain(
        '/api/user/vendors/by-date-range?page=0&size=10&startDate=2025-01-01&endDate=2025-01-31',
      ),
    );
  });

  it('role and status filters go to the server, and Reset clears everything', async () => {
    const { urls, user } = renderSection();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Role'), 'Vendors');
    await user.selectOptions(screen.getByLabelText('Status'), 'Inactive');
    await waitFor(() => expect(urls()).toContain('/api/user?page=0&size=10&type=vendor&active=false'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('Role')).toHaveValue('');
    expect(screen.getByLabelText('Status')).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.getByLabelText('Joined on')).toBeEnabled();
  });
});
