import { describe, expect, it } from 'vitest';
import { todayGroupsFor } from './admin-today';

describe("the admin home's groups by role", () => {
  it('gives a super admin every group, in tile order', () => {
    expect(todayGroupsFor(['SUPER_ADMIN'])).toEqual([
      'sales',
      'fulfilment',
      'stock',
      'rates',
      'returns',
      'refunds',
      'payouts',
      'mail',
      'jobs',
    ]);
  });

  it('gives each role only what it may act on', () => {
    expect(todayGroupsFor(['VIEW_DETAILS'])).toEqual(['sales', 'fulfilment']);
    expect(todayGroupsFor(['MANAGE_PRODUCTS', 'MANAGE_VENDORS'])).toEqual(['stock', 'rates', 'payouts']);
    expect(todayGroupsFor(['MANAGE_CAROUSEL'])).toEqual([]);
  });
});
