// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STALE_EDIT_MESSAGE } from '@zevar/domain';
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
  afterEach(() => {
    // jsdom has no scrollIntoView; one test gives Element one.
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('brings the changed-by-someone-else notice into view with the newer values, and saves again (409)', async () => {
    signIn('ADMIN', ['SUPER_ADMIN']);
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const newer = vendorUser({ name: 'Asha Jewellers by someone else', version: 2 });
    const saved = vendorUser({ name: 'Asha Jewellers by someone else', version: 3 });
    const fetchMock = mockFetch((_url, init) =>
      (JSON.parse(init.body as string) as { version: number }).version === 1
        ? jsonResponse({ code: 'CONFLICT', message: STALE_EDIT_MESSAGE, current: newer }, 409)
        : jsonResponse(saved),
    );
    const onClose = vi.fn();
    renderRoutes(
      [{ path: '/', element: <VendorEditModal user={vendorUser({ version: 1 })} onClose={onClose} /> }],
      '/',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const notice = await screen.findByText(STALE_EDIT_MESSAGE);
    expect(scrolled).toContain(notice);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Asha Jewellers by someone else');
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Vendor updated successfully')).toBeInTheDocument();
    expect(JSON.parse(fetchMock.mock.calls[1]![1]?.body as string)).toMatchObject({ version: 2 });
    expect(onClose).toHaveBeenCalled();
  });

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
