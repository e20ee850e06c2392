import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { vi, type Mock } from 'vitest';
import { BackOfficeProviders } from './BackOfficeProviders';
import { resetPrefetched } from '../lib/prefetched';
import { STORAGE_KEYS } from '../lib/storage';

export { expectConsoleError } from '../../../../test-support/console-guard';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** Renders routes in a memory router inside the app providers; returns the router to inspect. */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const utils = render(
    <BackOfficeProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </BackOfficeProviders>,
  );
  return { router, ...utils };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces global fetch; unhandled calls answer 404 in the API's error shape. */
export function mockFetch(handler: FetchHandler): Mock {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return handler(url, init);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function notFound(): Response {
  return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
}

/** Stores a session as a login would. */
export function signIn(userType: string, roles: string[] = [], userId = 1): void {
  window.localStorage.setItem(STORAGE_KEYS.token, 'test-token');
  window.localStorage.setItem(STORAGE_KEYS.userType, userType);
  window.localStorage.setItem(STORAGE_KEYS.userId, String(userId));
  window.localStorage.setItem(STORAGE_KEYS.userRoles, JSON.stringify(roles));
}

/**
 * Puts answers into the page as the server embeds them for the first paint (`zevar-prefetched`);
 * returns the clean-up that takes them out again.
 */
export function embedInPage(answers: Record<string, unknown>): () => void {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = 'zevar-prefetched';
  el.textContent = JSON.stringify(answers);
  document.body.append(el);
  resetPrefetched();
  return () => {
    el.remove();
    resetPrefetched();
  };
}
