import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';
import { prefetchedIn } from '../../test/prefetched';

describe('serving the built web app', () => {
  const app = Fastify();
  const dist = mkdtempSync(path.join(os.tmpdir(), 'zevar-dist-'));
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<html><head><meta name="description" content="Generic"><title>Zevar</title></head><body><div id="root"></div><!--${'padding '.repeat(200)}--></body></html>`,
    );
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js.br'), 'brotli bytes');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js.gz'), gzipSync('console.log(1)'));
    writeFileSync(path.join(dist, 'assets', 'app-1234.js.map'), '{"version":3,"sources":["secret.tsx"]}');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app.addHook('onRoute', () => undefined);
    await registerWebApp(app, {
      distDir: dist,
      businessTimezone: 'America/New_York',
      renderPage: async (p) =>
        p === '/zevar/product/missing'
          ? { status: 404, head: null }
          : p.startsWith('/zevar/product/')
            ? {
                status: 200,
                head: '<title>Ruby Ring | Zevar</title><meta name="description" content="A ruby ring"><meta property="og:title" content="Ruby Ring">',
                prefetched: {
                  '/api/products/name/ruby-ring?vendorSlug=zevar': { name: 'Ruby </script> Ring' },
                },
              }
            : null,
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('does not serve source maps', async () => {
    expect((await app.inject({ url: '/assets/app-1234.js' })).statusCode).toBe(200);
    const map = await app.inject({ url: '/assets/app-1234.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.tsx');
  });

  it('answers client-side routes with the app shell', async () => {
    const res = await app.inject({ url: '/zevar/category/rings?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
  });

  it('names the business timezone in every shell, so the first paint shows dates in it', async () => {
    for (const url of ['/zevar/category/rings', '/zevar/product/ruby-ring', '/admin']) {
      const res = await app.inject({ url });
      expect(res.body).toContain('<meta name="zevar-business-timezone" content="America/New_York">');
    }
  });

  it('puts server-rendered head tags into shared product pages, replacing the title', async () => {
    const res = await app.inject({ url: '/zevar/product/ruby-ring' });
    expect(res.body).toContain('<meta property="og:title" content="Ruby Ring">');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body).toContain('<title>Ruby Ring | Zevar</title>');
  });

  it("replaces the generic description with the page's, and embeds its first answers as inert JSON", async () => {
    const res = await app.inject({ url: '/zevar/product/ruby-ring' });
    expect(res.body.match(/<meta name="description"/g)).toHaveLength(1);
    expect(res.body).toContain('<meta name="description" content="A ruby ring">');
    expect(prefetchedIn(res.body)).toEqual({
      '/api/products/name/ruby-ring?vendorSlug=zevar': { name: 'Ruby </script> Ring' },
    });
  });

  it('answers 404 with the app shell for a product that does not exist', async () => {
    const res = await app.inject({ url: '/zevar/product/missing' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
    expect(res.body).toContain('<meta name="description" content="Generic">');
  });

  it('serves hashed assets precompressed (brotli, else gzip) and compresses the HTML', async () => {
    const br = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.toString()).toBe('brotli bytes');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/app-1234.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    const html = await app.inject({ url: '/zevar/category/rings', headers: { 'accept-encoding': 'br' } });
    expect(html.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(html.rawPayload).toString()).toContain('<div id="root">');
  });

  it('serves assets added by a rebuild while the server runs', async () => {
    writeFileSync(path.join(dist, 'assets', 'app-5678.js'), 'console.log(2)');
    const asset = await app.inject({ url: '/assets/app-5678.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(2)');
    expect((await app.inject({ url: '/assets/missing-0000.js' })).statusCode).toBe(404);
  });

  it('serves hashed assets with a long cache life and keeps unknown API paths as JSON 404s', async () => {
    const asset = await app.inject({ url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const favicon = await app.inject({ url: '/favicon.svg' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
    const api = await app.inject({ url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe("a storefront page's first screen, rendered by the web app's server build", () => {
  const app = Fastify();
  const root = mkdtempSync(path.join(os.tmpdir(), 'zevar-ssr-'));
  const dist = path.join(root, 'dist');
  const entry = path.join(root, 'dist-ssr', 'entry-server.js');
  let price = 1500;
  const seeds = (html: string) => Number(/<meta name="zevar-page-seed" content="(\d+)">/.exec(html)?.[1]);
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    mkdirSync(path.join(dist, '.vite'));
    mkdirSync(path.dirname(entry));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><title>Zevar</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      path.join(dist, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-E.js', isEntry: true, dynamicImports: ['_main-M.js'] },
        '_main-M.js': { file: 'assets/main-M.js', imports: ['index.html'] },
        'src/features/storefront/ProductPage.tsx': {
          file: 'assets/ProductPage-P.js',
          imports: ['_main-M.js'],
        },
      }),
    );
    // A stand-in for the SSR build: it writes what it was given, and counts its renders.
    writeFileSync(
      entry,
      `globalThis.__renders = [];
export async function render(url, prefetched, options) {
  globalThis.__renders.push({ url, seed: options.seed, zone: options.businessTimezone });
  const product = Object.values(prefetched)[0];
  if (product.name === 'Broken') throw new Error('cannot render');
  return '<main><h1>' + product.name + '</h1><p>$& costs ' + product.price + '</p></main>';
}`,
    );
    await registerWebApp(app, {
      distDir: dist,
      firstScreenEntry: entry,
      businessTimezone: 'Asia/Kolkata',
      renderPage: async (p) => {
        const name = decodeURIComponent(p.split('/').pop() ?? '');
        return {
          status: 200,
          head: null,
          page: 'product',
          prefetched: {
            [`/api/products/name/${name}`]: {
              name: name === 'broken' ? 'Broken' : `Ruby ${name}`,
              price,
            },
          },
        };
      },
    });
    await app.ready();
  });
  afterAll(() => app.close());
  const renders = () =>
    (globalThis as unknown as { __renders: Array<{ url: string; seed: number; zone: string }> }).__renders;

  it("puts the page's markup into #root, beside its answers, with the seed it was made with", async () => {
    const res = await app.inject({ url: '/zevar/product/ring?ref=home' });
    expect(res.statusCode).toBe(200);
    // A `$&` in the markup is written as it is, not read as a replacement pattern.
    expect(res.body).toContain('<div id="root"><main><h1>Ruby ring</h1><p>$& costs 1500</p></main></div>');
    expect(prefetchedIn(res.body)).toEqual({ '/api/products/name/ring': { name: 'Ruby ring', price: 1500 } });
    const last = renders().at(-1)!;
    expect(last).toMatchObject({
      url: 'http://zevar.invalid/zevar/product/ring?ref=home',
      zone: 'Asia/Kolkata',
    });
    expect(seeds(res.body)).toBe(last.seed);
  });

  it('leaves its scripts until after the first paint: the page names them, nothing is preloaded', async () => {
    const res = await app.inject({ url: '/zevar/product/ring' });
    expect(res.body).toContain('<meta name="zevar-page-modules" content="/assets/ProductPage-P.js">');
    expect(res.body).not.toContain('rel="modulepreload"');
  });

  it('renders a page once per seed while its answers stay the same', async () => {
    const before = renders().length;
    const seen = new Set<number>();
    for (let i = 0; i < 40; i++) seen.add(seeds((await app.inject({ url: '/zevar/product/gem' })).body));
    expect(renders().length - before).toBe(seen.size);
    expect(seen.size).toBeLessThanOrEqual(16);
  });

  it('renders the page again as soon as one of its answers changed', async () => {
    expect((await app.inject({ url: '/zevar/product/pearl' })).body).toContain('costs 1500');
    price = 1750;
    // The same page, another answer: never the markup kept for the old one.
    for (let i = 0; i < 20; i++)
      expect((await app.inject({ url: '/zevar/product/pearl' })).body).toContain('costs 1750');
    price = 1500;
  });

  it('serves the page for the browser to render when the renderer fails, with its scripts preloaded', async () => {
    const res = await app.inject({ url: '/zevar/product/broken' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('zevar-page-seed');
    expect(
      [...res.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]),
    ).toEqual(['/assets/main-M.js', '/assets/ProductPage-P.js']);
    expect(prefetchedIn(res.body)).toEqual({ '/api/products/name/broken': { name: 'Broken', price: 1500 } });
  });
});
