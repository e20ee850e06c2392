import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, testConfig, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import type { Lifecycle } from '../../context';

describe('system routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('reports health with the database kind', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('is ready once migrated, and says not-ready while the process is starting or stopping', async () => {
    const database = await createTestDatabase();
    const lifecycle: Lifecycle = { state: 'starting', jobs: 'off' };
    const app = await buildApp({ config: testConfig(), database, logger: false, lifecycle });
    try {
      const starting = await app.inject({ url: '/api/ready' });
      expect(starting.statusCode).toBe(503);
      expect(starting.json()).toMatchObject({ status: 'not-ready', process: 'starting', migrations: 'done' });
      lifecycle.state = 'ready';
      const ready = await app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: 'ready',
        database: 'up',
        migrations: 'done',
        jobs: 'off',
        redis: 'off',
        process: 'ready',
      });
      lifecycle.state = 'stopping';
      expect((await app.inject({ url: '/api/ready' })).statusCode).toBe(503);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('tells the web app the default shop and the payment mode, without secrets', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.json()).toMatchObject({
      defaultVendorSlug: 'zevar',
      payments: 'sandbox',
      businessTimezone: 'Asia/Kolkata',
      // The order caps the product page and cart tell (the test app raises them).
      maxLineQuantity: t.config.MAX_LINE_QUANTITY,
      maxOrderQuantity: t.config.MAX_ORDER_QUANTITY,
    });
    expect(res.body).not.toContain(t.config.paymentKeySecret);
    expect(res.body).not.toContain(t.config.JWT_SECRET);
  });

  it('documents the API routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/health', '/api/user/register', '/api/user/login', '/api/user/{id}']),
    );
  });

  it('answers unknown API paths with the one error shape', async () => {
    const res = await t.app.inject({ url: '/api/definitely-not-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'No route for GET /api/definitely-not-here' });
  });
});
