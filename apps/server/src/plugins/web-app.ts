import { createHash, randomInt } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';
import { jsonForScript } from '../modules/seo/head-tags';
import { isCacheTag, type CacheTag } from '../lib/cache/invalidation';
import type { PublicCache } from '../lib/cache/public-cache';
import { INTERNAL_TAGS_HEADER, INTERNAL_TTL_HEADER, sendAnswer } from './public-cache';

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
 * preload its chunk is only requested once the app has run and matched the route: one more round
 * trip on a phone.
 */
const ROUTE_SOURCES: Record<StorefrontPage, string> = {
  shop: 'src/features/storefront/VendorHomePage.tsx',
  category: 'src/features/storefront/CategoryPage.tsx',
  product: 'src/features/storefront/ProductPage.tsx',
};

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

/** The scripts a page needs, from the build's manifest (none when it is missing). */
type PageModules = { app: string[]; routes: Record<StorefrontPage, string[]> };
const NO_MODULES: PageModules = { app: [], routes: { shop: [], category: [], product: [] } };

function pageModules(distDir: string): PageModules {
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return NO_MODULES;
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return NO_MODULES;
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
  // The app itself (src/main.tsx): what the page's small entry (src/boot.ts) imports.
  const appFiles = new Set<string>();
  for (const key of (entry && manifest[entry]?.dynamicImports) || []) files(key, appFiles);
  const app = [...appFiles].filter((file) => !loadedByEntry.has(file));
  const route = (page: StorefrontPage) =>
    [...files(ROUTE_SOURCES[page])].filter(
      (file) => !loadedByEntry.has(file) && !app.includes(file) && file.endsWith('.js'),
    );
  return { app, routes: { shop: route('shop'), category: route('category'), product: route('product') } };
}

const preloadTags = (files: string[]) =>
  files.map((file) => `\n<link rel="modulepreload" crossorigin href="/${file}">`).join('');

/** The web app's server renderer (apps/web/src/entry-server.tsx, built into apps/web/dist-ssr). */
type FirstScreenModule = {
  /** Loads the pages' code: the first shopper after a restart does not wait for it. */
  prepare?: () => Promise<void>;
  render: (
    url: string,
    prefetched: Record<string, unknown>,
    options: { businessTimezone?: string; seed?: number },
  ) => Promise<string | null>;
};

/**
 * The markup of a storefront page's first screen, made by the web app's own components from the
 * answers embedded beside it (decision 0021), so the page paints before any script has run. `build`
 * names the web build a call is for (its shell's modification time). The
 * same URL with the same answers and seed gives the same markup: it is kept (a few hundred pages)
 * until an answer changes. Empty when there is no renderer or it fails: the browser then renders.
 */
function firstScreenRenderer(entry: string, log: FastifyBaseLogger, businessTimezone?: string) {
  const markup = new LRUCache<string, string>({
    max: 500,
    maxSize: 32 * 1024 * 1024,
    sizeCalculation: (m) => m.length + 1,
  });
  // Loaded once, with the build it belongs to: its page chunks import it back by its plain URL, so
  // a second copy (a cache-busting query) would have its own React contexts. A rebuild while running
  // (a new shell) is not followed: markup from the old components would not match the new script,
  // so the browser renders pages until a restart.
  let loaded: { build: number; module: Promise<FirstScreenModule | null> } | null = null;
  let staleWarned = false;
  const module = (build: number): Promise<FirstScreenModule | null> | null => {
    if (!loaded) {
      const load = existsSync(entry)
        ? (import(pathToFileURL(entry).href) as Promise<FirstScreenModule>)
        : Promise.resolve(null);
      loaded = {
        build,
        module: load.catch((err: unknown) => {
          log.warn({ err }, 'the first-screen renderer could not be loaded: pages render in the browser');
          return null;
        }),
      };
    } else if (loaded.build !== build) {
      if (!staleWarned) log.warn('the web app was rebuilt: pages render in the browser until a restart');
      staleWarned = true;
      return null;
    }
    return loaded.module;
  };
  const prepare = async (build: number) => {
    try {
      await (await module(build))?.prepare?.();
    } catch (err) {
      log.warn({ err }, 'the first-screen renderer could not prepare its pages');
    }
  };
  const render = async (
    url: string,
    prefetched: Record<string, unknown>,
    answersJson: string,
    seed: number,
    build: number,
  ): Promise<string> => {
    const renderer = await module(build);
    if (!renderer) return '';
    const key = createHash('sha256').update(`${seed}\0${url}\0`).update(answersJson).digest('base64');
    const kept = markup.get(key);
    if (kept !== undefined) return kept;
    try {
      const html =
        (await renderer.render(`http://zevar.invalid${url}`, prefetched, { businessTimezone, seed })) ?? '';
      markup.set(key, html);
      return html;
    } catch (err) {
      log.warn({ err, url }, 'first-screen render failed: the page renders in the browser');
      return '';
    }
  };
  return { prepare, render };
}

/**
 * The scripts a server-rendered page loads once its first screen is painted (apps/web/src/boot.ts
 * reads them); the page's own answers and markup come first.
 */
export const PAGE_MODULES_META_NAME = 'zevar-page-modules';

/** The seed of a server-rendered page's random choices (apps/web/src/lib/page-seed.ts). */
export const PAGE_SEED_META_NAME = 'zevar-page-seed';
const PAGE_SEEDS = 16;

/** How long after listening the first-screen renderer loads its pages' code. */
const PREPARE_AFTER_LISTEN_MS = 3000;

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
    /** The web app's server renderer (its SSR build); none: storefront pages render in the browser. */
    firstScreenEntry?: string;
    /**
     * Keeps each page's finished HTML (and its compressed forms) under the tags of the answers it
     * embeds, so a page is rendered again only when one of them changed (decision 0036).
     * `internalToken` is the answer cache's: its reads then say their tags.
     */
    pages?: { cache: PublicCache; internalToken: string };
    /**
     * A page's visit, whoever asked (the page itself may come from the cache): counts its view
     * (docs/decisions/0061; a GET with its user agent, not a HEAD) and answers the Set-Cookie its HTML
     * carries, the referral cookie of a reseller's shop or product link (docs/decisions/0059).
     */
    visit?: (
      pathname: string,
      userAgent: string | undefined,
      clientAddress: string,
    ) => Promise<string | undefined>;
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
  let cached = { mtimeMs: -1, html: '', modules: NO_MODULES };
  const build = () => {
    const { mtimeMs } = statSync(indexPath);
    if (mtimeMs !== cached.mtimeMs)
      cached = { mtimeMs, html: readFileSync(indexPath, 'utf8'), modules: pageModules(opts.distDir) };
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

  const firstScreens = opts.firstScreenEntry
    ? firstScreenRenderer(opts.firstScreenEntry, app.log, opts.businessTimezone)
    : null;
  // A while after listening: loading React and the pages' code takes the main thread for a moment,
  // and a restart answers /api/health (and its first requests) before that.
  if (firstScreens)
    app.addHook('onListen', (done) => {
      setTimeout(() => void firstScreens.prepare(build().mtimeMs), PREPARE_AFTER_LISTEN_MS).unref();
      done();
    });
  /** A page's HTML, its status and whether it may be kept (every answer in it came from the cache). */
  const buildPage = async (url: string, seed: number) => {
    const pathname = url.split('?')[0] ?? '/';
    const tags = new Set<CacheTag>();
    let ttlMs: number | undefined;
    let keep = Boolean(opts.pages);
    const get: InternalGet = async (answerUrl) => {
      const headers = opts.pages ? { 'x-zevar-internal': opts.pages.internalToken } : undefined;
      const res = await app.inject({ method: 'GET', url: answerUrl, headers });
      const said = res.headers[INTERNAL_TAGS_HEADER];
      if (typeof said !== 'string') keep = false;
      else for (const tag of said.split(',')) if (isCacheTag(tag)) tags.add(tag);
      const ttl = Number(res.headers[INTERNAL_TTL_HEADER]);
      if (ttl > 0) ttlMs = Math.min(ttlMs ?? ttl, ttl);
      return { status: res.statusCode, body: res.body };
    };
    const page = opts.renderPage ? await opts.renderPage(pathname, get).catch(() => null) : null;
    const { html, modules, mtimeMs } = build();
    const answersJson =
      page?.prefetched && Object.keys(page.prefetched).length > 0 ? jsonForScript(page.prefetched) : '';
    const firstScreen =
      page?.page && page.prefetched && firstScreens
        ? await firstScreens.render(url, page.prefetched, answersJson, seed, mtimeMs)
        : '';
    // A page whose markup could not be made is served, but not kept in that state.
    if (page?.page && page.prefetched && firstScreens && !firstScreen) keep = false;
    const routeModules = page?.page ? modules.routes[page.page] : [];
    const body = renderShell(html, page, {
      businessTimezone: opts.businessTimezone,
      // On screen already: its scripts wait for the paint (boot.ts). Otherwise: at once.
      scripts: firstScreen
        ? `<meta name="${PAGE_MODULES_META_NAME}" content="${routeModules.map((f) => `/${f}`).join(' ')}">\n`
        : preloadTags([...modules.app, ...routeModules]),
      answersJson,
      firstScreen,
      seed,
    });
    // A shop's home page shows a seeded choice: it is kept once per seed.
    if (page?.page === 'shop') seededUrls.set(url, true);
    // Every page carries a broad tag, so emptying the cache empties the pages too.
    tags.add('catalogue');
    return { body, status: page?.status ?? 200, tags: [...tags], ttlMs, keep };
  };
  const seededUrls = new LRUCache<string, true>({ max: 10_000 });

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || (pathname.endsWith('.map') && !opts.serveSourceMaps)) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: `No route for GET ${pathname}` });
    }
    const cookie = await opts.visit?.(
      pathname,
      request.method === 'GET' ? request.headers['user-agent'] : undefined,
      request.ip,
    );
    if (cookie) reply.header('set-cookie', cookie);
    // The page's random choices: a few seeds, so each page has few markups to keep.
    const seed = randomInt(PAGE_SEEDS);
    const page = opts.pages
      ? await opts.pages.cache.answer(
          `${build().mtimeMs}|${request.url}|${seededUrls.has(request.url) ? seed : '-'}`,
          () => buildPage(request.url, seed),
        )
      : null;
    if (page)
      return sendAnswer(request, reply, page, { type: 'text/html; charset=utf-8', cacheControl: 'no-cache' });
    const built = await buildPage(request.url, seed);
    return reply
      .status(built.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(built.body);
  });
}

/**
 * The shell with the page's head tags (its title and description replace the generic ones) and its
 * first answers as inert JSON (`type="application/json"`: data, not script, so a strict CSP holds).
 */
export function renderShell(
  shell: string,
  page: PageRender | null,
  parts: {
    businessTimezone?: string;
    /** Preload tags, or the list of modules boot.ts loads after the first paint. */
    scripts?: string;
    /** The page's embedded answers, as `jsonForScript` wrote them ('' for none). */
    answersJson?: string;
    /** Server-rendered markup for `#root` (hydrated by the web app). */
    firstScreen?: string;
    /** The seed of the markup's random choices (lib/page-seed.ts), named with it. */
    seed?: number;
  } = {},
): string {
  const { businessTimezone, scripts = '', answersJson, firstScreen = '', seed } = parts;
  let html = shell;
  let head = scripts;
  if (businessTimezone) {
    // An IANA name (checked by env.ts) holds no quote or angle bracket; escaped all the same.
    const zone = businessTimezone.replace(/[^A-Za-z0-9_/+-]/g, '');
    head += `<meta name="${TIMEZONE_META_NAME}" content="${zone}">\n`;
  }
  if (firstScreen && seed !== undefined) head += `<meta name="${PAGE_SEED_META_NAME}" content="${seed}">\n`;
  if (page?.head) {
    html = html.replace(/<title>.*?<\/title>/s, '');
    if (page.head.includes('<meta name="description"'))
      html = html.replace(/<meta name="description"[^>]*>\s*/s, '');
    head += `${page.head}\n`;
  }
  // Function replacements: a `$` in a product's name, the markup or the answers is kept as written.
  if (head) html = html.replace('</head>', () => `${head}</head>`);
  const answers = answersJson
    ? `\n<script type="application/json" id="${PREFETCHED_ELEMENT_ID}">${answersJson}</script>`
    : '';
  return html.replace('<div id="root"></div>', () => `<div id="root">${firstScreen}</div>${answers}`);
}
