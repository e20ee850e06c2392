import { lazy } from 'react';

/*
 * Every page is its own chunk. Back-office pages are only imported from here, never from storefront
 * code, so a shopper's first load downloads no admin or vendor code.
 */
export const VendorHomePage = lazy(() => import('../features/storefront/VendorHomePage'));
export const CategoryPage = lazy(() => import('../features/storefront/CategoryPage'));
export const ProductPage = lazy(() => import('../features/storefront/ProductPage'));
export const CartPage = lazy(() => import('../features/cart/CartPage'));
export const CheckoutPage = lazy(() => import('../features/checkout/CheckoutPage'));
export const PaymentStatusPage = lazy(() => import('../features/checkout/PaymentStatusPage'));
export const TrackPage = lazy(() => import('../features/tracking/TrackPage'));
export const ContactPage = lazy(() => import('../features/static/ContactPage'));
export const PrivacyPolicyPage = lazy(() => import('../features/static/PrivacyPolicyPage'));
export const ShippingPolicyPage = lazy(() => import('../features/static/ShippingPolicyPage'));
export const ReturnPolicyPage = lazy(() => import('../features/static/ReturnPolicyPage'));
export const TermsPage = lazy(() => import('../features/static/TermsPage'));
export const QuotePage = lazy(() => import('../features/quotes/QuotePage'));
export const LoginPage = lazy(() => import('../features/auth/LoginPage'));
export const ChangePasswordPage = lazy(() => import('../features/auth/ChangePasswordPage'));
export const SecurityPage = lazy(() => import('../features/security/SecurityPage'));
export const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
export const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
export const AcceptInvitePage = lazy(() => import('../features/auth/AcceptInvitePage'));
export const AdminDashboardPage = lazy(() => import('../features/admin/AdminDashboardPage'));
export const VendorDashboardPage = lazy(() => import('../features/vendor-dashboard/VendorDashboardPage'));
