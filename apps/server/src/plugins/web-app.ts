import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import { jsonForScript } from '../modules/seo/head-tags';

/** One of the app's own GET answers, as `inject` gives it. */
export type InternalGet = (url: string) => Promise<{ status: number; body: string }>;

/**
 * What the server knows about a storefront page: head tags (title, description, Open Graph,
 * JSON-LD), the status (404 for a product or category that does not exist) and the public answers
 * the page will ask for first, keyed by URL. Null: the plain shell.
 */
export type PageRender = {
  status: number;
  head: string | null;
  prefetched?: Record<string, unknown>;
  /** Which storefront page it is: its route's code is preloaded with the HTML. */
  page?: StorefrontPage;
};
export type StorefrontPage = 'shop' | 'category' | 'product';
export type PageRenderer = (pathname: string, get: InternalGet) => Promise<PageRender | null>;

/**
 * The route module each server-rendered page shows first (apps/web/src/app/pages.ts). Without a
 * preload its chunk is only requested once the entry script has run and matched the route: one more
 * round trip before the first paint on a phone.
 */
const ROUTE_SOURCES: Record<StorefrontPage, string> = {
  shop: 'src/features/storefront/VendorHomePage.tsx',
  category: 'src/features/storefront/CategoryPage.tsx',
  product: 'src/features/storefront/ProductPage.tsx',
};

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };

const NO_PRELOADS: Record<StorefrontPage, string> = { shop: '', category: '', product: '' };

/**
 * `<link rel="modulepreload">` tags per page for its route chunk and the chunks it imports, less
 * what the entry already loads, read from the build's manifest (none when it is missing).
 */
function routePreloads(distDir: string): Record<StorefrontPage, string> {
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return NO_PRELOADS;
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return NO_PRELOADS;
  }
  const files = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const dep of chunk.imports ?? []) files(dep, into);
    return into;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loadedByEntry = entry ? files(entry) : new Set<string>();
  const tags = (page: StorefrontPage) =>
    [...files(ROUTE_SOURCES[page])]
      .filter((file) => !loadedByEntry.has(file) && file.endsWith('.js'))
      .map((file) => `\n<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
  return { shop: tags('shop'), category: tags('category'), product: tags('product') };
}

/** Where the embedded answers go; the web app reads them before its first request (lib/prefetched.ts). */
export const PREFETCHED_ELEMENT_ID = 'zevar-prefetched';

/** The meta tag that tells the web app the business timezone before its first paint (lib/format.ts). */
export const TIMEZONE_META_NAME = 'zevar-business-timezone';

/**
 * In production the server also serves the built web app on the same port; any non-API GET that is
 * not a file gets index.html (client-side routing), with server-rendered head tags for shared pages.
 */
export async function registerWebApp(
  app: FastifyInstance,
  opts: {
    distDir: string;
    renderPage?: PageRenderer;
    serveSourceMaps?: boolean;
    /** Every shell names it, so dates are shown in it from the first paint (issue 9). */
    businessTimezone?: string;
  },
) {
  // HTML and API answers are compressed per response; the hashed assets were compressed at build.
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // Source maps give away the source: built (hidden) for debugging, never served in production.
  const allowedPath = (pathName: string) => opts.serveSourceMaps === true || !pathName.endsWith('.map');
  const indexPath = path.join(opts.distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn(`web app not built (${indexPath} missing): run npm run build`);
    return;
  }
  // Re-read when the build changes (a rebuild renames every hashed asset the old shell points at).
  let cached = { mtimeMs: -1, html: '', preloads: NO_PRELOADS };
  const build = () => {
    const { mtimeMs } = statSync(indexPath);
    if (mtimeMs !== cached.mtimeMs)
      cached = { mtimeMs, html: readFileSync(indexPath, 'utf8'), preloads: routePreloads(opts.distDir) };
    return cached;
  };
  // Hashed build output is looked up per request (a rebuild adds new names) and cached for a year.
  await app.register(fastifyStatic, {
    root: path.join(opts.distDir, 'assets'),
    prefix: '/assets/',
    wildcard: true,
    index: false,
    preCompressed: true,
    allowedPath,
    cacheControl: false,
    setHeaders: (res) => {
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  // Other top-level files (favicon and the like) are few and fixed: registered once, cached an hour.
  await app.register(fastifyStatic, {
    root: opts.distDir,
    wildcard: false,
    globIgnore: ['assets/**', '**/*.map'],
    index: false,
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res) => {
      res.setHeader('cache-control', 'public, max-age=3600');
    },
  });

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || (pathname.endsWith('.map') && !opts.serveSourceMaps)) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: `No route for GET ${pathname}` });
    }
    const get: InternalGet = async (url) => {
      const res = await app.inject({ method: 'GET', url });
      return { status: res.statusCode, body: res.body };
    };
    const page = opts.renderPage ? await opts.renderPage(pathname, get).catch(() => null) : null;
    const { html, preloads } = build();
    return reply
      .status(page?.status ?? 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderShell(html, page, opts.businessTimezone, page?.page ? preloads[page.page] : ''));
  });
}

/**
 * The shell with the page's head tags (its title and description replace the generic ones) and its
 * first answers as inert JSON (`type="application/json"`: data, not script, so a strict CSP holds).
 */
export function renderShell(
  shell: string,
  page: PageRender | null,
  businessTimezone?: string,
  routePreload = '',
): string {
  let html = shell;
  if (routePreload) html = html.replace('</head>', `${routePreload}\n</head>`);
  if (businessTimezone) {
    // An IANA name (checked by env.ts) holds no quote or angle bracket; escaped all the same.
    const zone = businessTimezone.replace(/[^A-Za-z0-9_/+-]/g, '');
    html = html.replace('</head>', `<meta name="${TIMEZONE_META_NAME}" content="${zone}">\n</head>`);
  }
  if (page?.head) {
    html = html.replace(/<title>.*?<\/title>/s, '');
    if (page.head.includes('<meta name="description"'))
      html = html.replace(/<meta name="description"[^>]*>\s*/s, '');
    html = html.replace('</head>', `${page.head}\n</head>`);
  }
  if (page?.prefetched && Object.keys(page.prefetched).length > 0) {
    const json = jsonForScript(page.prefetched);
    html = html.replace(
      '<div id="root"></div>',
      `<div id="root"></div>\n<script type="application/json" id="${PREFETCHED_ELEMENT_ID}">${json}</script>`,
    );
  }
  return html;
}
