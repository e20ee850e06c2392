import type { AdminRole } from './roles';

// Its own module: roles.ts is part of every page's first load, and this list is only the back office's.

/** Admin dashboard sections, in side-navigation order, and the permission each needs. */
export const ADMIN_SECTIONS = [
  { key: 'carousel', label: 'Carousel', permission: 'MANAGE_CAROUSEL' },
  { key: 'categories', label: 'Categories', permission: 'MANAGE_CATEGORIES' },
  { key: 'products', label: 'Products', permission: 'MANAGE_PRODUCTS' },
  { key: 'vendors', label: 'Vendors', permission: 'MANAGE_VENDORS' },
  { key: 'kyc', label: 'KYC review', permission: 'MANAGE_VENDORS' },
  { key: 'payout-runs', label: 'Payout runs', permission: 'MANAGE_VENDORS' },
  { key: 'tds', label: 'TDS', permission: 'MANAGE_VENDORS' },
  { key: 'orders', label: 'Orders', permission: 'MANAGE_ORDERS' },
  { key: 'fulfilment', label: 'Fulfilment', permission: 'MANAGE_ORDERS' },
  { key: 'invoices', label: 'Invoices', permission: 'MANAGE_ORDERS' },
  // Links made for resellers' quotes, by them or by staff (issue 26 item 2).
  { key: 'payment-links', label: 'Payment links', permission: 'MANAGE_ORDERS' },
  { key: 'reports', label: 'Reports', permission: 'MANAGE_ORDERS' },
  { key: 'return-requests', label: 'Returns', permission: 'MANAGE_ORDERS' },
  // Order managers and detail viewers (contact data masked for the latter), issue 23 item 7.
  { key: 'customers', label: 'Customers', permission: 'MANAGE_ORDERS', orPermission: 'VIEW_DETAILS' },
  { key: 'metals', label: 'Metals', permission: 'SUPER_ADMIN' },
  { key: 'plans', label: 'Plans', permission: 'SUPER_ADMIN' },
  { key: 'reviews', label: 'Reviews', permission: 'SUPER_ADMIN' },
  { key: 'email-templates', label: 'Email Templates', permission: 'SUPER_ADMIN' },
  { key: 'coupons', label: 'Coupons', permission: 'SUPER_ADMIN' },
  { key: 'returns', label: 'Returns Policy', permission: 'SUPER_ADMIN' },
  { key: 'jobs', label: 'Background Jobs', permission: 'SUPER_ADMIN' },
  { key: 'audit', label: 'Audit trail', permission: 'VIEW_AUDIT' },
] as const satisfies readonly {
  key: string;
  label: string;
  permission: AdminRole;
  orPermission?: AdminRole;
}[];
export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number]['key'];
