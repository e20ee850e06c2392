import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../../test/utils';
import { vendorUser } from '../../../test/fixtures';
import { AdminEditModal } from './AdminEditModal';
import { VendorEditModal } from './VendorEditModal';

const admin = vendorUser({
  id: 9,
  type: 'admin',
  name: 'Orders Desk',
  roles: ['MANAGE_ORDERS'],
  plan: null,
  contact: null,
  bankDetails: null,
  subscriptions: [],
});

describe('user edit modals', () => {
  it('saves a vendor, closes and says Vendor updated successfully', async () => {
    signIn('ADMIN', ['SUPER_ADMIN']);
    const saved = vendorUser({ name: 'Asha Jewellers Renamed' });
    const fetchMock = mockFetch(() => jsonResponse(saved));
    const onClose = vi.fn();
    const onSaved = vi.fn();
    renderRoutes(
      [{ path: '/', element: <VendorEditModal user={vendorUser()} onClose={onClose} onSaved={onSaved} /> }],
      '/',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Vendor updated successfully')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith(saved);
    expect(onClose).toHaveBeenCalled();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/user/7');
  });

  it('marks the slug and says Slug already exists when the server answers 409', async () => {
    signIn('ADMIN', ['SUPER_ADMIN']);
    mockFetch(() => jsonResponse({ code: 'CONFLICT', message: 'Slug already exists' }, 409));
    const onClose = vi.fn();
    renderRoutes([{ path: '/', element: <VendorEditModal user={vendorUser()} onClose={onClose} /> }], '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Slug already exists')).toHaveLength(2);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('saves an admin and says Admin updated successfully', async () => {
    signIn('ADMIN', ['SUPER_ADMIN']);
    mockFetch(() => jsonResponse(admin));
    renderRoutes([{ path: '/', element: <AdminEditModal user={admin} onClose={vi.fn()} /> }], '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Admin updated successfully')).toBeInTheDocument();
  });

  it('says Failed to update user when an admin cannot be saved, and stays open', async () => {
    signIn('ADMIN', ['SUPER_ADMIN']);
    mockFetch(() => jsonResponse({ code: 'CONFLICT', message: 'nope' }, 409));
    const onClose = vi.fn();
    renderRoutes([{ path: '/', element: <AdminEditModal user={admin} onClose={onClose} /> }], '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update user')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
