import type { CatalogueProduct, PaymentLink, User } from '@zevar/domain';

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
    version: 1,
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
      owedBack: 0,
      lastOrderDate: '2025-02-01T00:00:00.000Z',
      lastPayOutDate: '2025-02-05T00:00:00.000Z',
    },
    ...overrides,
  };
}

/**
 * A catalogue product as the admin product routes answer it: an MRP piece at ₹16,000 (GST
 * inclusive); override what a test cares about.
 */
export function catalogueProduct(overrides: Partial<CatalogueProduct> = {}): CatalogueProduct {
  return {
    id: 7,
    sku: 'ZV-1',
    name: 'Lotus Ring',
    slug: 'lotus-ring',
    tagline: null,
    description: null,
    productType: 'MRP',
    price: 16000,
    originalPrice: null,
    discountPercent: 0,
    stock: 4,
    images: [],
    specifications: {},
    features: [],
    category: { id: 2, name: 'Rings', parentCategory: { id: 1, name: 'Jewellery' } },
    metal: null,
    metalWeight: 0,
    purity: null,
    making: null,
    stones: null,
    gem: null,
    hallmarked: false,
    huids: [],
    status: 'active',
    version: 1,
    priceBreakup: {
      metal: null,
      making: null,
      stones: null,
      taxableValue: 15533.98,
      gst: { ratePercent: 3, value: 466.02 },
      total: 16000,
    },
    vendorPlan: 'FREE',
    vendorCommission: 100,
    sale: false,
    trending: false,
    views: 0,
    salesCount: 0,
    variantGroupId: 'grp-1',
    variantType: null,
    variantValue: null,
    linkedVariants: [],
    launchDate: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    averageRating: null,
    reviewCount: 0,
    ...overrides,
  } as CatalogueProduct;
}

/** A reseller's open payment link for quote AbC123xyZ789 (₹52,000, Meera Iyer); override what a test cares about. */
export function paymentLink(overrides: Partial<PaymentLink> = {}): PaymentLink {
  return {
    id: '6f1c2a4e-9d3b-4c1e-8f00-000000000001',
    quoteCode: 'AbC123xyZ789',
    vendorSlug: 'meena-jewels',
    status: 'created',
    url: 'http://localhost/sandbox/link/plink_1',
    amount: 52000,
    buyerName: 'Meera Iyer',
    buyerPhone: '9812345678',
    buyerEmail: null,
    expiresAt: '2099-11-27T10:00:00.000Z',
    createdAt: '2026-11-26T10:00:00.000Z',
    paidAt: null,
    orderNumber: null,
    ...overrides,
  };
}

/** A second link of the same quote, paid by Ravi Kumar and become order ORD-2026-0042. */
export const paidPaymentLink = (): PaymentLink =>
  paymentLink({
    id: '6f1c2a4e-9d3b-4c1e-8f00-000000000002',
    status: 'paid',
    buyerName: 'Ravi Kumar',
    paidAt: '2026-11-26T11:00:00.000Z',
    orderNumber: 'ORD-2026-0042',
  });
