import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { ADMIN_SECTIONS, type AdminSectionKey } from '@zevar/domain';
import { hasPermission } from '../../lib/storage';

/** Each section is its own chunk, loaded when first opened. */
export const SECTION_COMPONENTS: Record<AdminSectionKey, LazyExoticComponent<ComponentType>> = {
  carousel: lazy(() => import('./carousel/CarouselSection')),
  categories: lazy(() => import('./categories/CategoriesSection')),
  products: lazy(() => import('./products/ProductsSection')),
  vendors: lazy(() => import('./vendors/VendorsSection')),
  kyc: lazy(() => import('./settlement/KycReviewSection')),
  'payout-runs': lazy(() => import('./settlement/PayoutRunsSection')),
  tds: lazy(() => import('./settlement/TdsSection')),
  orders: lazy(() => import('./orders/OrdersSection')),
  fulfilment: lazy(() => import('./orders/FulfilmentSection')),
  invoices: lazy(() => import('./invoices/InvoicesSection')),
  'payment-links': lazy(() => import('./payment-links/PaymentLinksSection')),
  reports: lazy(() => import('./reports/ReportsSection')),
  'return-requests': lazy(() => import('./returns/ReturnRequestsSection')),
  customers: lazy(() => import('./customers/CustomersSection')),
  metals: lazy(() => import('./metals/MetalsSection')),
  plans: lazy(() => import('./plans/PlansSection')),
  reviews: lazy(() => import('./reviews/ReviewsSection')),
  'email-templates': lazy(() => import('./email-templates/EmailTemplatesSection')),
  coupons: lazy(() => import('./coupons/CouponsSection')),
  returns: lazy(() => import('./returns/ReturnsPolicySection')),
  jobs: lazy(() => import('./jobs/JobsSection')),
  audit: lazy(() => import('./audit/AuditSection')),
};

export const DEFAULT_SECTION: AdminSectionKey = 'products';

export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** Sections the given roles may open, in navigation order. */
export function allowedSections(roles: readonly string[]): AdminSection[] {
  return ADMIN_SECTIONS.filter(
    (section) =>
      hasPermission(section.permission, roles) ||
      ('orPermission' in section && hasPermission(section.orPermission, roles)),
  );
}

/** The wanted section when allowed, else products, else the first allowed one. */
export function pickSection(
  allowed: readonly AdminSection[],
  wanted?: AdminSectionKey,
): AdminSectionKey | null {
  const keys = allowed.map((s) => s.key);
  if (wanted && keys.includes(wanted)) return wanted;
  if (keys.includes(DEFAULT_SECTION)) return DEFAULT_SECTION;
  return keys[0] ?? null;
}
