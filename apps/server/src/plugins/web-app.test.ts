import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

describe('serving the built web app', () => {
  const app = Fastify();
  const dist = mkdtempSync(path.join(os.tmpdir(), 'zevar-dist-'));
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><title>Zevar</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js.map'), '{"version":3,"sources":["secret.tsx"]}');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app.addHook('onRoute', () => undefined);
    await registerWebApp(app, {
      distDir: dist,
      renderHead: async (p) =>
        p.startsWith('/zevar/product/')
          ? '<title>Ruby Ring | Zevar</title><meta property="og:title" content="Ruby Ring">'
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

  it('puts server-rendered head tags into shared product pages, replacing the title', async () => {
    const res = await app.inject({ url: '/zevar/product/ruby-ring' });
    expect(res.body).toContain('<meta property="og:title" content="Ruby Ring">');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body).toContain('<title>Ruby Ring | Zevar</title>');
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
