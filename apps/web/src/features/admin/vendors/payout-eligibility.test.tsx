// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@zevar/domain';
import { vendorUser } from '../../../test/fixtures';
import { isPayoutEligible } from './payout-eligibility';
import { UsersTable } from './UsersTable';

const now = new Date('2026-06-01T00:00:00Z');
const sub = (plan: 'FREE' | 'BASIC', active: boolean, endDate: string | null) => ({
  id: 1,
  active,
  startDate: '2025-01-01T00:00:00Z',
  endDate,
  vendorPlan: { plan },
});
const stats = (revenue: number) => ({
  orderCount: 1,
  productCount: 1,
  revenue,
  commissionPaidOut: 0,
  sales: revenue * 10,
  owedBack: 0,
  lastOrderDate: null,
  lastPayOutDate: null,
});

describe('Process Payout eligibility', () => {
  it.each([
    [
      'revenue and an active paid subscription',
      stats(100),
      [sub('BASIC', true, '2027-01-01T00:00:00Z')],
      true,
    ],
    ['no revenue', stats(0), [sub('BASIC', true, '2027-01-01T00:00:00Z')], false],
    ['no stats at all', null, [sub('BASIC', true, '2027-01-01T00:00:00Z')], false],
    ['an expired subscription', stats(100), [sub('BASIC', true, '2026-05-31T00:00:00Z')], false],
    ['an inactive subscription', stats(100), [sub('BASIC', false, '2027-01-01T00:00:00Z')], false],
    ['only a Free subscription', stats(100), [sub('FREE', true, '2027-01-01T00:00:00Z')], false],
    ['no subscription', stats(100), [], false],
  ])('a vendor with %s is eligible: %s', (_what, vendorStats, subscriptions, expected) => {
    expect(isPayoutEligible(vendorUser({ vendorStats, subscriptions }), now)).toBe(expected);
  });

  it('an admin is never eligible', () => {
    expect(isPayoutEligible(vendorUser({ type: 'admin' }), now)).toBe(false);
  });

  it('the table shows Process Payout only on eligible rows', () => {
    const eligible = vendorUser({ id: 1, name: 'Paid Vendor' });
    const free = vendorUser({ id: 2, name: 'Free Vendor', plan: 'FREE', subscriptions: [] });
    const noRevenue = vendorUser({ id: 3, name: 'New Vendor', vendorStats: stats(0) });
    const onPayout = vi.fn();
    const users: User[] = [eligible, free, noRevenue];
    render(
      <UsersTable
        users={users}
        actions={{ onOpen: vi.fn(), onEdit: vi.fn(), onToggle: vi.fn(), onDelete: vi.fn(), onPayout }}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('button', { name: 'Process Payout' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: 'Process Payout' })).not.toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button', { name: 'Process Payout' })).not.toBeInTheDocument();
    within(rows[0]!).getByRole('button', { name: 'Process Payout' }).click();
    expect(onPayout).toHaveBeenCalledWith(eligible);
  });
});
