import { redirect, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/Spinner';
import { getDefaultVendorSlug } from '../lib/config';
import { guardedRedirect, requireAdminOnly, requireSignedIn, requireUserType } from './guards/guards';
import { StorefrontLayout } from './layouts/StorefrontLayout';
import { VendorScope } from './layouts/VendorScope';
import * as Page from './pages';
import { RootLayout, RouteError } from './RootLayout';

/** Storefront pages that exist both at /{page} and at /{vendorSlug}/{page}. */
function storefrontPages(): RouteObject[] {
  return [
    { path: 'login', element: <Page.LoginPage /> },
    { path: 'cart', element: <Page.CartPage /> },
    { path: 'checkout', element: <Page.CheckoutPage /> },
    { path: 'checkout/:checkoutId', element: <Page.CheckoutPage /> },
    { path: 'payment-status', element: <Page.PaymentStatusPage /> },
    { path: 'track', element: <Page.TrackPage /> },
    { path: 'category/:categoryName', element: <Page.CategoryPage /> },
    { path: 'product/:name', element: <Page.ProductPage /> },
    { path: 'contact', element: <Page.ContactPage /> },
    { path: 'privacy-policy', element: <Page.PrivacyPolicyPage /> },
    { path: 'shipping-policy', element: <Page.ShippingPolicyPage /> },
    { path: 'return-policy', element: <Page.ReturnPolicyPage /> },
  ];
}

/*
 * React Router ranks static segments above dynamic ones, so /login, /cart, /admin/... always win
 * over /:vendorSlug; VendorScope also refuses reserved words as slugs (/admin/cart is not a shop).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, loader: async () => redirect(`/${encodeURIComponent(await getDefaultVendorSlug())}`) },

      { path: 'admin', loader: guardedRedirect('ADMIN', '/admin/dashboard') },
      { path: 'admin/dashboard', loader: requireUserType('ADMIN'), element: <Page.AdminDashboardPage /> },
      {
        path: 'admin/vendors',
        loader: requireAdminOnly,
        element: <Page.AdminDashboardPage key="vendors" initialSection="vendors" />,
      },
      {
        path: 'admin/email-templates',
        loader: requireAdminOnly,
        element: <Page.AdminDashboardPage key="email-templates" initialSection="email-templates" />,
      },
      { path: 'account/password', loader: requireSignedIn, element: <Page.ChangePasswordPage /> },
      { path: 'account/security', loader: requireSignedIn, element: <Page.SecurityPage /> },
      { path: 'forgot-password', element: <Page.ForgotPasswordPage /> },
      { path: 'reset-password', element: <Page.ResetPasswordPage /> },
      { path: 'accept-invite', element: <Page.AcceptInvitePage /> },
      { path: 'vendor', loader: guardedRedirect('VENDOR', '/vendor/dashboard') },
      { path: 'vendor/dashboard', loader: requireUserType('VENDOR'), element: <Page.VendorDashboardPage /> },

      {
        element: <StorefrontLayout />,
        children: [
          ...storefrontPages(),
          { path: 'terms-and-conditions', element: <Page.TermsPage /> },
          { path: 'q/:code', element: <Page.QuotePage /> },
          {
            path: ':vendorSlug',
            element: <VendorScope />,
            children: [
              { index: true, element: <Page.VendorHomePage /> },
              { path: 'home', element: <Page.VendorHomePage /> },
              ...storefrontPages(),
            ],
          },
        ],
      },

      { path: '*', loader: () => redirect('/') },
    ],
  },
];
