import { Suspense } from 'react';
import { Link, Outlet, isRouteErrorResponse, useRouteError } from 'react-router';
import { PageSpinner } from '../components/Spinner';
import { SessionEndHandler } from '../components/SessionEndHandler';
import { useUnsavedChangesNavigationGuard } from '../components/unsaved-changes';
import { ScrollPositions } from './ScrollPositions';

/**
 * The question before navigating away from unsaved input. A sibling of the page, not its parent:
 * the blocker's own set-up re-renders only this, not a page that is still being hydrated.
 */
function UnsavedChangesGuard() {
  useUnsavedChangesNavigationGuard();
  return null;
}

/**
 * Top of every route: scroll restoration, the boundary for lazily loaded pages, and the question
 * before navigating away from unsaved input.
 */
export function RootLayout() {
  return (
    <>
      <ScrollPositions />
      <SessionEndHandler />
      <UnsavedChangesGuard />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** Shown when a route throws, including a page chunk that fails to download after a deploy. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center px-4 text-center">
      <p className="eyebrow">Something went wrong</p>
      <h1 className="mt-3 text-3xl font-semibold">We could not open this page</h1>
      {detail && <p className="mt-2 text-sm text-taupe">{detail}</p>}
      <div className="mt-6 flex gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="btn-outline">
          Go to Home
        </Link>
      </div>
    </main>
  );
}
