import { screen, waitFor } from '@testing-library/react';
import { isValidElement } from 'react';
import { useParams, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetConfigCache } from '../lib/config';
import { STORAGE_KEYS } from '../lib/storage';
import { expectConsoleError, jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../test/utils';
import * as Page from './pages';
import { routes as appRoutes } from './routes';

/*
 * The app's route table with every page replaced by a stand-in that names itself (and the section and
 * route parameters it was given), so these tests check routing, guards and the layout, whatever the
 * pages grow into. The pages are swapped in the table itself (an element whose component is one of
 * ./pages), not by mocking the module: the files of a worker share their modules (decision 0092).
 */
function stub(name: string) {
  return function StubPage(props: { initialSection?: string }) {
    const params = useParams();
    return (
      <h1>
        {[name, props.initialSection, ...Object.entries(params).map(([k, v]) => `${k}=${v}`)]
          .filter(Boolean)
          .join(' ')}
      </h1>
    );
  };
}
const stubs = new Map<unknown, ReturnType<typeof stub>>(
  Object.entries(Page).map(([name, page]) => [page, stub(name)]),
);

function withStubPages(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const { element, children } = route;
    const Stub = isValidElement(element) ? stubs.get(element.type) : undefined;
    return {
      ...route,
      ...(Stub && isValidElement<{ initialSection?: string }>(element)
        ? { element: <Stub key={element.key} {...element.props} /> }
        : {}),
      ...(children ? { children: withStubPages(children) } : {}),
    } as RouteObject;
  });
}
const routes = withStubPages(appRoutes);

function serveApi(defaultVendorSlug: string | null = 'acme') {
  return mockFetch((url) => {
    if (url === '/api/config') {
      return defaultVendorSlug
        ? jsonResponse({ defaultVendorSlug, payments: 'sandbox', razorpayKeyId: '' })
        : jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500);
    }
    return notFound();
  });
}

async function expectPath(router: ReturnType<typeof renderRoutes>['router'], path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

beforeEach(() => {
  resetConfigCache();
});

describe('storefront routes', () => {
  it("'' redirects to the default vendor from /api/config and remembers it", async () => {
    serveApi('acme');
    const { router } = renderRoutes(routes, '/');
    await expectPath(router, '/acme');
    expect(
      await screen.findByRole('heading', { name: 'VendorHomePage vendorSlug=acme' }),
    ).toBeInTheDocument();
    // Remembered by an effect after the page has rendered: on a loaded machine the heading can be
    // found before it has run.
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.vendorSlug)).toBe('acme'));
  });

  it("'' falls back to 'zevar' when /api/config fails", async () => {
    expectConsoleError('Could not read /api/config');
    serveApi(null);
    const { router } = renderRoutes(routes, '/');
    await expectPath(router, '/zevar');
  });

  it.each([
    ['/acme', 'VendorHomePage vendorSlug=acme'],
    ['/acme/home', 'VendorHomePage vendorSlug=acme'],
    ['/acme/cart', 'CartPage vendorSlug=acme'],
    ['/acme/login', 'LoginPage vendorSlug=acme'],
    ['/acme/checkout', 'CheckoutPage vendorSlug=acme'],
    ['/acme/checkout/chk_123', 'CheckoutPage vendorSlug=acme checkoutId=chk_123'],
    ['/acme/payment-status', 'PaymentStatusPage vendorSlug=acme'],
    ['/acme/track', 'TrackPage vendorSlug=acme'],
    ['/acme/category/rings', 'CategoryPage vendorSlug=acme categoryName=rings'],
    ['/acme/product/gold-necklace', 'ProductPage vendorSlug=acme name=gold-necklace'],
    ['/acme/contact', 'ContactPage vendorSlug=acme'],
    ['/acme/privacy-policy', 'PrivacyPolicyPage vendorSlug=acme'],
    ['/acme/shipping-policy', 'ShippingPolicyPage vendorSlug=acme'],
    ['/acme/return-policy', 'ReturnPolicyPage vendorSlug=acme'],
  ])('%s shows "%s" and stores the slug', async (path, heading) => {
    serveApi();
    const { router } = renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.vendorSlug)).toBe('acme'));
    // The footer is a chunk of its own: the first test of a run to show it waits for it to load.
    expect(await screen.findByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/acme/privacy-policy',
    );
  });

  it.each([
    ['/login', 'LoginPage'],
    ['/cart', 'CartPage'],
    ['/checkout', 'CheckoutPage'],
    ['/checkout/chk_1', 'CheckoutPage checkoutId=chk_1'],
    ['/payment-status', 'PaymentStatusPage'],
    ['/track', 'TrackPage'],
    ['/category/rings', 'CategoryPage categoryName=rings'],
    ['/product/ruby-ring', 'ProductPage name=ruby-ring'],
    ['/contact', 'ContactPage'],
    ['/privacy-policy', 'PrivacyPolicyPage'],
    ['/shipping-policy', 'ShippingPolicyPage'],
    ['/return-policy', 'ReturnPolicyPage'],
    ['/terms-and-conditions', 'TermsPage'],
  ])('fixed route %s wins over :vendorSlug and uses the stored vendor', async (path, heading) => {
    serveApi();
    localStorage.setItem(STORAGE_KEYS.vendorSlug, 'meera');
    const { router } = renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.vendorSlug)).toBe('meera'));
    expect(screen.getByRole('link', { name: 'meera' })).toHaveAttribute('href', '/meera');
  });

  it('an un-prefixed page on a first visit uses the configured default vendor', async () => {
    serveApi('acme');
    renderRoutes(routes, '/cart');
    expect(await screen.findByRole('heading', { level: 1, name: 'CartPage' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.vendorSlug)).toBe('acme'));
    expect(screen.getByRole('link', { name: /^Cart, 0 items$/ })).toHaveAttribute('href', '/acme/cart');
  });

  it.each(['/acme/terms-and-conditions', '/acme/unknown', '/a/b/c/d', '/admin/cart', '/vendor/home'])(
    '%s redirects to the default storefront',
    async (path) => {
      serveApi('acme');
      const { router } = renderRoutes(routes, path);
      await expectPath(router, '/acme');
    },
  );
});

describe('back-office route guards', () => {
  it.each([
    ['no token', null, '/admin/dashboard', '/login'],
    ['a vendor', 'VENDOR', '/admin/dashboard', '/vendor/dashboard'],
    ['an unknown type', 'CUSTOMER', '/admin/dashboard', '/login'],
    ['no token', null, '/vendor/dashboard', '/login'],
    ['an admin', 'ADMIN', '/vendor/dashboard', '/admin/dashboard'],
    ['a vendor', 'VENDOR', '/admin/vendors', '/login'],
    ['a vendor', 'VENDOR', '/admin/email-templates', '/login'],
    ['no token', null, '/admin/vendors', '/login'],
    ['no token', null, '/admin', '/login'],
    ['an admin', 'admin', '/admin', '/admin/dashboard'],
    ['a vendor', 'vendor', '/vendor', '/vendor/dashboard'],
  ])('with %s (%s), %s goes to %s', async (_who, userType, from, to) => {
    serveApi();
    if (userType) signIn(userType, ['SUPER_ADMIN']);
    const { router } = renderRoutes(routes, from);
    await expectPath(router, to);
  });

  it('lets an admin in, comparing the user type case-insensitively', async () => {
    serveApi();
    signIn('admin', ['SUPER_ADMIN']);
    const { router } = renderRoutes(routes, '/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'AdminDashboardPage' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it.each([
    ['/admin/vendors', 'AdminDashboardPage vendors'],
    ['/admin/email-templates', 'AdminDashboardPage email-templates'],
  ])('%s opens the dashboard on its section', async (path, heading) => {
    serveApi();
    signIn('ADMIN', ['SUPER_ADMIN']);
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('lets a vendor into the vendor dashboard', async () => {
    serveApi();
    signIn('Vendor', [], 7);
    const { router } = renderRoutes(routes, '/vendor/dashboard');
    expect(await screen.findByRole('heading', { name: 'VendorDashboardPage' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/vendor/dashboard');
  });
});
