// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MSG } from '@zevar/domain';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { jsonResponse, mockFetch, testQueryClient } from '../../test/utils';
import { RegisterForm } from './RegisterForm';

function setup() {
  const onRegistered = vi.fn();
  render(
    <AppProviders queryClient={testQueryClient()}>
      <RegisterForm onRegistered={onRegistered} />
    </AppProviders>,
  );
  return { user: userEvent.setup(), onRegistered };
}

async function fillValid(user: UserEvent) {
  await user.type(screen.getByLabelText('Username'), 'asha_gold');
  await user.type(screen.getByLabelText('Email'), 'asha@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret@123');
  await user.type(screen.getByLabelText('Confirm Password'), 'Secret@123');
  await user.type(screen.getByLabelText('Full Name'), 'Asha Rao');
  await user.type(screen.getByLabelText('Business Name'), 'Asha Gold House');
  await user.type(screen.getByLabelText('Description'), 'Temple jewellery crafted in Pune since 1972.');
  await user.type(screen.getByLabelText('Phone'), '9876543210');
  await user.type(screen.getByLabelText('Address Line 1'), '12 MG Road');
  await user.type(screen.getByLabelText('City'), 'Pune');
  await user.selectOptions(screen.getByLabelText('State'), 'Maharashtra');
  await user.type(screen.getByLabelText('Pincode'), '411001');
}

describe('vendor registration form', () => {
  it.each([
    ['Username', '', MSG.required],
    ['Username', 'ab', 'Minimum 3 characters required'],
    ['Email', '', MSG.required],
    ['Email', 'not-an-email', 'Please enter a valid email address'],
    ['Password', 'password', MSG.password],
    ['Full Name', 'Al', 'Minimum 3 characters required'],
    ['Business Name', 'AB', 'Minimum 3 characters required'],
    ['Description', 'Too short', 'Minimum 20 characters required'],
    ['Phone', '12345', 'Please enter a valid 10-digit phone number'],
    ['Secondary Phone', '123', 'Please enter a valid 10-digit phone number'],
    ['Address Line 1', '', MSG.required],
    ['City', '', MSG.required],
    ['Pincode', '12ab', 'Please enter a valid 6-digit pincode'],
  ])('%s %j shows "%s" once touched', async (label, value, message) => {
    const { user } = setup();
    const field = screen.getByLabelText(label);
    await user.click(field);
    if (value) await user.type(field, value);
    await user.tab();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
  });

  it('requires a state from the list of 36 states and union territories', async () => {
    const { user } = setup();
    const state = screen.getByLabelText('State');
    expect(within(state).getAllByRole('option')).toHaveLength(37); // placeholder + 36
    await user.click(state);
    await user.tab();
    expect(state).toHaveAccessibleDescription(MSG.required);
  });

  it('limits the pincode to 6 characters', () => {
    setup();
    expect(screen.getByLabelText('Pincode')).toHaveAttribute('maxLength', '6');
  });

  it('says "Passwords do not match" when the confirmation differs', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Password'), 'Secret@123');
    await user.type(screen.getByLabelText('Confirm Password'), 'Secret@124');
    await user.tab();
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(MSG.passwordsMismatch);
  });

  it('lists the failing fields in a Form Validation Error dialog on an invalid submit', async () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const dialog = await screen.findByRole('dialog', { name: MSG.formValidationError });
    expect(dialog).toHaveTextContent('Username: This field is required');
    expect(dialog).toHaveTextContent('Pincode: This field is required');
    expect(dialog).not.toHaveTextContent('Secondary Phone');
    expect(fetchMock).not.toHaveBeenCalledWith('/api/user/register', expect.anything());
  });

  it('posts the API shape and reports success', async () => {
    const fetchMock = mockFetch((url) =>
      url.startsWith('/api/user/check-username')
        ? jsonResponse({ available: true })
        : jsonResponse({ id: 1 }, 201),
    );
    const { user, onRegistered } = setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('dialog', { name: 'Success' })).toHaveAccessibleDescription(
      MSG.registrationSuccess,
    );
    expect(onRegistered).toHaveBeenCalledWith('asha_gold');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/user/register');
    expect(call?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      type: 'vendor',
      username: 'asha_gold',
      password: 'Secret@123',
      email: 'asha@example.com',
      name: 'Asha Rao',
      bussinessName: 'Asha Gold House',
      description: 'Temple jewellery crafted in Pune since 1972.',
      contact: {
        phone: '9876543210',
        secondaryPhone: null,
        addressLine1: '12 MG Road',
        addressLine2: null,
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
        country: 'India',
      },
    });
  });

  it('shows server issues on their fields and the registration failed dialog', async () => {
    mockFetch((url) =>
      url.startsWith('/api/user/check-username')
        ? jsonResponse({ available: true })
        : jsonResponse(
            {
              code: 'VALIDATION',
              message: 'Invalid input',
              issues: [{ path: 'contact.phone', message: 'This number is already registered' }],
            },
            400,
          ),
    );
    const { user, onRegistered } = setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveAccessibleDescription(
      MSG.registrationFailed,
    );
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('This number is already registered');
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it("shows the server's message for a duplicate username (409)", async () => {
    mockFetch((url) =>
      url.startsWith('/api/user/check-username')
        ? jsonResponse({ available: true })
        : jsonResponse({ code: 'CONFLICT', message: 'Username already exists' }, 409),
    );
    const { user } = setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveAccessibleDescription(
      'Username already exists',
    );
  });
});
