// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Coupon } from '@zevar/domain';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../../test/utils';
import { fromZonedInput } from '../../../lib/format';
import CouponsSection from './CouponsSection';

const coupon = (over: Partial<Coupon>): Coupon => ({
  id: 1,
  code: 'DIWALI500',
  type: 'APPLY_WITH_QUANTITY',
  discount: 500,
  quantity: 1,
  minimumTotalPrice: 0,
  expiryDate: '2099-01-01T00:00:00.000Z',
  description: 'Festive offer',
  expired: false,
  condition: 'On any order',
  ...over,
});

function renderSection() {
  signIn('ADMIN', ['SUPER_ADMIN']);
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/coupon-codes/admin') {
      return jsonResponse([
        coupon({}),
        coupon({ id: 2, code: 'OLD10', expiryDate: '2020-01-01T00:00:00.000Z', expired: true }),
      ]);
    }
    if (url === '/api/coupon-codes' && init.method === 'POST')
      return jsonResponse(coupon({ id: 3, code: 'NEW100' }), 201);
    if (url === '/api/coupon-codes/1' && init.method === 'DELETE') return new Response(null, { status: 204 });
    return notFound();
  });
  renderRoutes([{ path: '/', element: <CouponsSection /> }], '/');
  return { fetchMock, user: userEvent.setup() };
}

describe('coupon manager', () => {
  it('shows every coupon as a card with an Active or Expired badge', async () => {
    renderSection();
    const active = (await screen.findByText('DIWALI500')).closest('li')!;
    expect(within(active).getByText('Active')).toBeInTheDocument();
    const old = screen.getByText('OLD10').closest('li')!;
    expect(within(old).getByText('Expired')).toBeInTheDocument();
  });

  it('keeps Save disabled while a required field is empty or invalid, then creates the coupon', async () => {
    const { fetchMock, user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'New Coupon' }));
    expect(screen.getByRole('heading', { name: 'Create Coupon' })).toBeInTheDocument();
    expect(screen.getByLabelText('Type')).toHaveValue('APPLY_WITH_QUANTITY');
    expect(screen.getByLabelText('Discount (₹)')).toHaveValue(0);
    expect(screen.getByLabelText('Quantity')).toHaveValue(1);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.type(screen.getByLabelText('Code'), 'new100');
    await user.clear(screen.getByLabelText('Discount (₹)'));
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Discount (₹)'), '100');
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '0');
    expect(save).toBeDisabled();
    await user.clear(screen.getByLabelText('Quantity'));
    await user.type(screen.getByLabelText('Quantity'), '2');
    expect(save).toBeEnabled();

    await user.click(save);
    expect(await screen.findByRole('dialog', { name: 'Success' })).toHaveAccessibleDescription(
      'Coupon created successfully',
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      code: 'NEW100',
      discount: 100,
      quantity: 2,
      minimumTotalPrice: 0,
    });
  });

  it('asks before deleting and reports the deletion', async () => {
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Delete DIWALI500' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Delete' });
    expect(confirm).toHaveAccessibleDescription('Are you sure you want to delete coupon "DIWALI500"?');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('dialog', { name: 'Success' })).toHaveAccessibleDescription(
      'Coupon deleted successfully',
    );
  });

  it('asks before saving a discount above the allowed share of the minimum order, and a new coupon expires in the future', async () => {
    signIn('ADMIN', ['SUPER_ADMIN']);
    const large = 'This discount is more than 50% of the minimum order value. Confirm to save it anyway.';
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/coupon-codes/admin') return jsonResponse([]);
      if (url === '/api/coupon-codes' && init.method === 'POST') {
        const body = JSON.parse(init.body as string) as { confirmLargeDiscount?: boolean };
        if (body.confirmLargeDiscount) return jsonResponse(coupon({ id: 4, code: 'TYPO' }), 201);
        return jsonResponse(
          {
            code: 'BAD_REQUEST',
            message: large,
            issues: [
              { path: 'discount', message: large },
              { path: 'confirmLargeDiscount', message: large },
            ],
          },
          400,
        );
      }
      return notFound();
    });
    renderRoutes([{ path: '/', element: <CouponsSection /> }], '/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New Coupon' }));
    const expiry = fromZonedInput((screen.getByLabelText('Expiry Date') as HTMLInputElement).value);
    expect(expiry!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    await user.type(screen.getByLabelText('Code'), 'typo');
    await user.clear(screen.getByLabelText('Discount (₹)'));
    await user.type(screen.getByLabelText('Discount (₹)'), '25000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const ask = await screen.findByRole('dialog', { name: 'Save a large discount?' });
    expect(ask).toHaveAccessibleDescription(large);
    await user.click(within(ask).getByRole('button', { name: 'Save anyway' }));
    expect(await screen.findByRole('dialog', { name: 'Success' })).toHaveAccessibleDescription(
      'Coupon created successfully',
    );
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([, init]) => JSON.parse(String(init?.body)).confirmLargeDiscount)).toEqual([
      false,
      true,
    ]);
  });

  it('saves nothing when the large discount is not confirmed', async () => {
    signIn('ADMIN', ['SUPER_ADMIN']);
    const large = 'This discount is more than 50% of the minimum order value. Confirm to save it anyway.';
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/coupon-codes/admin') return jsonResponse([]);
      if (url === '/api/coupon-codes' && init.method === 'POST') {
        return jsonResponse(
          { code: 'BAD_REQUEST', message: large, issues: [{ path: 'confirmLargeDiscount', message: large }] },
          400,
        );
      }
      return notFound();
    });
    renderRoutes([{ path: '/', element: <CouponsSection /> }], '/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New Coupon' }));
    await user.type(screen.getByLabelText('Code'), 'typo');
    await user.clear(screen.getByLabelText('Discount (₹)'));
    await user.type(screen.getByLabelText('Discount (₹)'), '25000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const ask = await screen.findByRole('dialog', { name: 'Save a large discount?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Create Coupon' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });
});
