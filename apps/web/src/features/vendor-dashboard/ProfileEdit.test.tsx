// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@zevar/domain';
import { describe, expect, it, vi } from 'vitest';
import { vendorUser } from '../../test/fixtures';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/utils';
import ProfileEdit from './ProfileEdit';

function renderEdit(answer: (url: string, init: RequestInit) => Response, vendor = vendorUser()) {
  signIn('VENDOR', [], vendor.id);
  const fetchMock = mockFetch(answer);
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  renderRoutes(
    [{ path: '/', element: <ProfileEdit vendor={vendor} onSaved={onSaved} onCancel={onCancel} /> }],
    '/',
  );
  return { fetchMock, onSaved, onCancel, user: userEvent.setup() };
}

describe('vendor profile edit', () => {
  it('shows the username read-only and refuses to save without the required fields', async () => {
    const vendor = vendorUser({ bankDetails: null });
    const { fetchMock, user } = renderEdit(() => jsonResponse(vendorUser()), vendor);
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly');
    await user.clear(screen.getByLabelText('Business Name'));
    await user.clear(screen.getByLabelText('City'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByLabelText('Business Name')).toHaveAccessibleDescription(MSG.required);
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription(MSG.required);
    for (const label of ['Account Holder Name', 'Account Number', 'IFSC Code', 'Bank Name']) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(MSG.required);
    }
    expect(screen.getByLabelText('Secondary Phone')).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the PIN code and phone formats', async () => {
    const { user } = renderEdit(() => jsonResponse(vendorUser()));
    await user.clear(screen.getByLabelText('PIN Code'));
    await user.type(screen.getByLabelText('PIN Code'), '12');
    await user.clear(screen.getByLabelText('Primary Phone'));
    await user.type(screen.getByLabelText('Primary Phone'), '123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('PIN Code')).toHaveAccessibleDescription(MSG.pincode6);
    expect(screen.getByLabelText('Primary Phone')).toHaveAccessibleDescription(MSG.phone10);
    expect(screen.getByLabelText('PIN Code')).toHaveAttribute('maxLength', '6');
  });

  it("saves the profile with PUT /api/user/{id} and reports 'Profile updated successfully'", async () => {
    const { fetchMock, onSaved, user } = renderEdit(() => jsonResponse(vendorUser({ slug: 'asha-gold' })));
    await user.clear(screen.getByLabelText('Website Name'));
    await user.type(screen.getByLabelText('Website Name'), 'Asha-Gold');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Success' });
    expect(dialog).toHaveAccessibleDescription('Profile updated successfully');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/7');
    expect(init?.method).toBe('PUT');
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      slug: 'asha-gold',
      bussinessName: 'Asha Gold House',
      contact: { phone: '9876543210', country: 'India' },
      bankDetails: { ifscCode: 'SBIN0000001' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ slug: 'asha-gold' })));
  });

  it("shows 'Slug already exists' when the server answers 409", async () => {
    const { onSaved, user } = renderEdit(() =>
      jsonResponse({ code: 'CONFLICT', message: 'That website name is taken' }, 409),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveAccessibleDescription(
      'Slug already exists',
    );
    expect(screen.getByLabelText('Website Name')).toHaveAccessibleDescription(/Slug already exists/);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows the server's message, else 'Failed to update profile'", async () => {
    const { user } = renderEdit(() =>
      jsonResponse({ code: 'BAD_REQUEST', message: 'Email already in use' }, 400),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveAccessibleDescription(
      'Email already in use',
    );
  });

  it("falls back to 'Failed to update profile' when the server is unreachable", async () => {
    const { user } = renderEdit(() => {
      throw new TypeError('network');
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveAccessibleDescription(
      'Failed to update profile',
    );
  });
});
