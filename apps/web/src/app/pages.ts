import { lazy, type ComponentProps, type ComponentType } from 'react';

/*
 * Every page is its own chunk. Back-office pages are only imported from here, never from storefront
 * code, so a shopper's first load downloads no admin or vendor code. The route table takes them as a
 * parameter (routes.tsx), so its tests can pass stand-ins instead.
 */
export const pages = {
  VendorHomePage: lazy(() => import('../features/storefront/VendorHomePage')),
  CategoryPage: lazy(() => import('../features/storefront/CategoryPage')),
  ProductPage: lazy(() => import('../features/storefront/ProductPage')),
  CartPage: lazy(() => import('../features/cart/CartPage')),
  CheckoutPage: lazy(() => import('../features/checkout/CheckoutPage')),
  PaymentStatusPage: lazy(() => import('../features/checkout/PaymentStatusPage')),
  TrackPage: lazy(() => import('../features/tracking/TrackPage')),
  ContactPage: lazy(() => import('../features/static/ContactPage')),
  PrivacyPolicyPage: lazy(() => import('../features/static/PrivacyPolicyPage')),
  ShippingPolicyPage: lazy(() => import('../features/static/ShippingPolicyPage')),
  ReturnPolicyPage: lazy(() => import('../features/static/ReturnPolicyPage')),
  TermsPage: lazy(() => import('../features/static/TermsPage')),
  QuotePage: lazy(() => import('../features/quotes/QuotePage')),
  LoginPage: lazy(() => import('../features/auth/LoginPage')),
  ChangePasswordPage: lazy(() => import('../features/auth/ChangePasswordPage')),
  SecurityPage: lazy(() => import('../features/security/SecurityPage')),
  ForgotPasswordPage: lazy(() => import('../features/auth/ForgotPasswordPage')),
  ResetPasswordPage: lazy(() => import('../features/auth/ResetPasswordPage')),
  AcceptInvitePage: lazy(() => import('../features/auth/AcceptInvitePage')),
  AdminDashboardPage: lazy(() => import('../features/admin/AdminDashboardPage')),
  VendorDashboardPage: lazy(() => import('../features/vendor-dashboard/VendorDashboardPage')),
};

/** The pages the route table renders: these, or stand-ins that take the same props. */
export type Pages = { [Name in keyof typeof pages]: ComponentType<ComponentProps<(typeof pages)[Name]>> };
