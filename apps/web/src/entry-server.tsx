/**
 * Server rendering of the storefront's first screen (decision 0021). The server (plugins/web-app.ts)
 * imports the SSR build of this module and puts `render`'s markup into the page's `#root`, beside
 * the answers it embeds; main.tsx then hydrates it instead of rendering from nothing.
 */
import { StrictMode, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { routes } from './app/routes';
import { setBusinessTimeZone } from './lib/business-timezone';
import { enterPageSeed } from './lib/page-seed';
import { enterPrefetched } from './lib/prefetched';

const handler = createStaticHandler(routes);

async function app(url: string): Promise<ReactElement | null> {
  const context = await handler.query(new Request(url));
  // A redirect (or any answer the routes give instead of a page) is left to the browser.
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  return (
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  );
}

/** What a page's components read besides their props: its embedded answers and its seed. */
type PageContext = { prefetched: Record<string, unknown>; seed: number };

function enterPage(page: PageContext): () => void {
  const leaveAnswers = enterPrefetched(page.prefetched);
  const leaveSeed = enterPageSeed(page.seed);
  return () => {
    leaveSeed();
    leaveAnswers();
  };
}

/** A synchronous render: no other page's render can run while the page's context is in place. */
function renderNow(element: ReactElement, page: PageContext): string {
  const leave = enterPage(page);
  try {
    return renderToString(element);
  } finally {
    leave();
  }
}

/*
 * Code-split components (pages, and parts of pages such as the rate chart) suspend the first time
 * they render. Such a render is done again with `prerender`, which waits for their code; one at a
 * time, since the page's context stays in place across its waits (a synchronous render meanwhile
 * puts it back when done).
 */
let exclusive: Promise<unknown> = Promise.resolve();
function loadCode(element: ReactElement, page: PageContext): Promise<unknown> {
  const run = exclusive.then(async () => {
    const leave = enterPage(page);
    try {
      await prerender(element);
    } finally {
      leave();
    }
  });
  exclusive = run.catch(() => undefined);
  return run;
}

/** A boundary the server could not fill (its code was still loading): React's marker for it. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

const WARM_PATHS = ['/_/home', '/_/category/_', '/_/product/_'];
let warmed: Promise<void> | null = null;

/** Loads every storefront page's code (the server calls it once it listens; `render` waits for it). */
export function prepare(): Promise<void> {
  warmed ??= (async () => {
    for (const pathname of WARM_PATHS) {
      const element = await app(`http://zevar.invalid${pathname}`);
      if (element) await loadCode(element, { prefetched: {}, seed: 0 });
    }
  })();
  return warmed;
}

/**
 * The markup of the page at `url` (absolute) with the server's embedded answers; null when the
 * routes answer with a redirect.
 */
export async function render(
  url: string,
  prefetched: Record<string, unknown>,
  options: { businessTimezone?: string; seed?: number } = {},
): Promise<string | null> {
  await prepare();
  setBusinessTimeZone(options.businessTimezone);
  const page = { prefetched, seed: options.seed ?? 0 };
  const element = await app(url);
  if (!element) return null;
  const html = renderNow(element, page);
  if (!html.includes(CLIENT_RENDERED_BOUNDARY)) return html;
  await loadCode(element, page);
  return renderNow(element, page);
}
