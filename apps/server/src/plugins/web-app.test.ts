import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

describe('serving the built web app', () => {
  const app = Fastify();
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'zevar-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><title>Zevar</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
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

  it('serves hashed assets with a long cache life and keeps unknown API paths as JSON 404s', async () => {
    const asset = await app.inject({ url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await app.inject({ url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
