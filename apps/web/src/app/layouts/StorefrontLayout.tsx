import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useEffect } from 'react';
import { Outlet, useParams } from 'react-router';
import { PageSpinner } from '../../components/Spinner';
import { getDefaultVendorSlug, isDemoShop } from '../../lib/config';
import { FIRST_SCREEN_HYDRATED_EVENT } from '../../lib/first-screen';
import { setStoredVendorSlug } from '../../lib/storage';
import { useStoredVendorSlug } from '../../lib/use-stored';
import { Header } from './Header';

// Below every page: its code comes just after the first load's (on a server-rendered page its markup
// is there from the start and is hydrated when the code arrives).
const Footer = lazy(() => import('./Footer').then((m) => ({ default: m.Footer })));

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
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <DemoBanner />
    </div>
  );
}

/**
 * While the payment sandbox is on, every storefront page says so: fixed at the bottom (over nothing
 * that moves: it appears after the first paint without shifting the page), never dismissible.
 */
function DemoBanner() {
  const demo = useQuery({ queryKey: ['config', 'demoShop'], queryFn: isDemoShop, staleTime: Infinity });
  if (!demo.data) return null;
  return (
    <>
      {/* Room below the footer, so the fixed banner never covers its last line. */}
      <div aria-hidden="true" className="h-9" />
      <p
        role="status"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-40 bg-amber-100/95 px-4 py-1.5 text-center text-sm font-medium text-amber-950 shadow-[0_-1px_4px_rgba(0,0,0,0.08)]"
      >
        Demo shop: payments are simulated
      </p>
    </>
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
