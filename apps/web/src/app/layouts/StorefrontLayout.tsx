import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet, useParams } from 'react-router';
import { PageSpinner } from '../../components/Spinner';
import { getDefaultVendorSlug } from '../../lib/config';
import { FIRST_SCREEN_HYDRATED_EVENT } from '../../lib/first-screen';
import { setStoredVendorSlug } from '../../lib/storage';
import { useStoredVendorSlug } from '../../lib/use-stored';
import { Footer } from './Footer';
import { Header } from './Header';

/**
 * Header and footer around every storefront page. Un-prefixed pages (/cart, /login, ...) belong to
 * the stored current vendor; a first visit without one stores the configured default first.
 */
export function StorefrontLayout() {
  const { vendorSlug } = useParams();
  const storedSlug = useStoredVendorSlug(!vendorSlug);
  const needsDefault = !vendorSlug && !storedSlug;

  const defaultSlug = useQuery({
    queryKey: ['config', 'defaultVendorSlug'],
    queryFn: getDefaultVendorSlug,
    enabled: needsDefault,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (needsDefault && defaultSlug.data) setStoredVendorSlug(defaultSlug.data);
  }, [needsDefault, defaultSlug.data]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      {/* A long unbroken word (a name, a review) breaks instead of widening the page. */}
      <main id="main" className="flex-1 wrap-anywhere">
        {needsDefault ? (
          <LoadingPage />
        ) : (
          <Suspense fallback={<LoadingPage />}>
            <Outlet />
            <FirstScreenHydrated />
          </Suspense>
        )}
      </main>
      <Footer />
    </div>
  );
}

/**
 * Tells boot.ts that the page (this boundary, with the route's own code) is hydrated, so the taps it
 * held can be replayed. Mounted once per layout; a page rendered in the browser announces it too.
 */
function FirstScreenHydrated() {
  useEffect(() => {
    window.dispatchEvent(new Event(FIRST_SCREEN_HYDRATED_EVENT));
  }, []);
  return null;
}

/**
 * While a page's code loads: a screen tall, so the footer starts below the fold and does not jump
 * down (a layout shift) when the page arrives.
 */
function LoadingPage() {
  return (
    <div className="min-h-dvh">
      <PageSpinner />
    </div>
  );
}
