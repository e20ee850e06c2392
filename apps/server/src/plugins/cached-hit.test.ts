import { createHook } from 'node:async_hooks';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createCategory, createProduct, createVendor } from '../../test/factories';

/**
 * Promises of the test's own surroundings that may fall in the window: the runner's reports to its
 * main process (a vitest timer), and test set-up that finishes late (a template database's client
 * closing). None of the server's own code runs from these.
 */
const NOT_THE_SERVER = /node_modules\/(@vitest|vitest)\/|\/apps\/server\/test\//;

/** GET `url` from `port` as a browser asks; the promises created from sending it to its last byte. */
function promisesDuring(port: number, url: string): Promise<{ status: number; promises: string[] }> {
  return new Promise((resolve, reject) => {
    const promises: string[] = [];
    const hook = createHook({
      init(_id, type) {
        if (type !== 'PROMISE') return;
        const limit = Error.stackTraceLimit;
        Error.stackTraceLimit = 50;
        const stack = new Error('created here').stack ?? '';
        Error.stackTraceLimit = limit;
        if (!NOT_THE_SERVER.test(stack)) promises.push(stack);
      },
    });
    // Enabled on the next turn, once the caller's own await of this promise is set up.
    setImmediate(() => {
      hook.enable();
      http
        .get(
          { host: '127.0.0.1', port, path: url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } },
          (res) => {
            res.resume();
            res.on('end', () => {
              hook.disable();
              resolve({ status: res.statusCode ?? 0, promises });
            });
          },
        )
        .on('error', (err) => {
          hook.disable();
          reject(err);
        });
    });
  });
}

/*
 * Decisions 0087 and 0096: a cached public answer is sent without a promise anywhere on its way
 * (no async hook of a plugin, no awaited cache call), so it costs no promise, no microtask and none
 * of the async hooks' bookkeeping that AsyncLocalStorage brings to every promise.
 */
describe('a cached product hit', () => {
  let t: TestApp;
  let port: number;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    const shop = (await createVendor(t.app, t.db, { plan: 'PREMIUM' })).slug;
    const product = await createProduct(t.db, { categoryId: (await createCategory(t.db)).id, stock: 4 });
    url = `/api/products/name/${product.slug}?vendorSlug=${shop}`;
  });
  afterAll(async () => t.close());

  it('runs no promise in the server, from its request to its last byte', async () => {
    // The miss builds the answer, the next ask makes its brotli form; the third is a plain hit.
    for (let i = 0; i < 2; i++) expect((await promisesDuring(port, url)).status).toBe(200);
    const hit = await promisesDuring(port, url);
    expect(hit.status).toBe(200);
    expect(hit.promises).toEqual([]);
  });
});
