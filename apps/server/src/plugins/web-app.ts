import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Extra head tags for a storefront path (title, Open Graph, JSON-LD), or null for the plain shell. */
export type HeadRenderer = (pathname: string) => Promise<string | null>;

/**
 * In production the server also serves the built web app on the same port; any non-API GET that is
 * not a file gets index.html (client-side routing), with server-rendered head tags for shared pages.
 */
export async function registerWebApp(
  app: FastifyInstance,
  opts: { distDir: string; renderHead?: HeadRenderer; serveSourceMaps?: boolean },
) {
  // Source maps give away the source: built (hidden) for debugging, never served in production.
  const allowedPath = (pathName: string) => opts.serveSourceMaps === true || !pathName.endsWith('.map');
  const indexPath = path.join(opts.distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn(`web app not built (${indexPath} missing): run npm run build`);
    return;
  }
  // Re-read when the build changes (a rebuild renames every hashed asset the old shell points at).
  let cached = { mtimeMs: -1, html: '' };
  const shell = () => {
    const { mtimeMs } = statSync(indexPath);
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, html: readFileSync(indexPath, 'utf8') };
    return cached.html;
  };
  // Hashed build output is looked up per request (a rebuild adds new names) and cached for a year.
  await app.register(fastifyStatic, {
    root: path.join(opts.distDir, 'assets'),
    prefix: '/assets/',
    wildcard: true,
    index: false,
    allowedPath,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=31536000, immutable'),
  });
  // Other top-level files (favicon and the like) are few and fixed: registered once, cached an hour.
  await app.register(fastifyStatic, {
    root: opts.distDir,
    wildcard: false,
    globIgnore: ['assets/**', '**/*.map'],
    index: false,
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=3600'),
  });

  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/') || (pathname.endsWith('.map') && !opts.serveSourceMaps)) {
      return reply.status(404).send({ code: 'NOT_FOUND', message: `No route for GET ${pathname}` });
    }
    const head = opts.renderHead ? await opts.renderHead(pathname).catch(() => null) : null;
    const page = shell();
    const html = head
      ? page.replace(/<title>.*?<\/title>/s, '').replace('</head>', `${head}\n</head>`)
      : page;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
