import type { User } from '@zevar/domain';

/** A vendor as GET /api/user/{id} returns it; override what a test cares about. */
export function vendorUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    type: 'vendor',
    name: 'Asha Jewellers',
    email: 'asha@example.com',
    active: true,
    slug: 'asha',
    createdAt: '2025-01-10T10:00:00.000Z',
    username: 'asha',
    roles: [],
    plan: 'BASIC',
    bussinessName: 'Asha Gold House',
    description: 'Family jewellers since 1972, specialising in temple jewellery.',
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
    bankDetails: {
      bankName: 'SBI',
      accountHolderName: 'Asha',
      accountNumber: '123456789012',
      ifscCode: 'SBIN0000001',
    },
    website: null,
    socialLinks: null,
    subscriptions: [
      {
        id: 1,
        active: true,
        startDate: '2025-01-10T00:00:00.000Z',
        endDate: '2099-03-15T00:00:00.000Z',
        vendorPlan: { plan: 'BASIC' },
      },
    ],
    vendorStats: {
      orderCount: 12,
      productCount: 40,
      revenue: 15400.5,
      commissionPaidOut: 9000,
      sales: 154005,
      lastOrderDate: '2025-02-01T00:00:00.000Z',
      lastPayOutDate: '2025-02-05T00:00:00.000Z',
    },
    ...overrides,
  };
}
