import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, type Redis } from './redis';
import {
  createMemoryAttemptStore,
  createMemoryOnceStore,
  createRedisAttemptStore,
  createRedisOnceStore,
  type AttemptStore,
  type OnceStore,
} from './shared-limits';
import { hasRedisServer, startRedisServer } from '../../test/redis-server';
import { connectAgain, createTestApp, type TestApp } from '../../test/test-app';
import { createAdminUser, TEST_PASSWORD } from '../../test/factories';

const key = () => randomBytes(4).toString('hex');

function onceContract(name: string, open: () => Promise<{ store: OnceStore; close: () => Promise<void> }>) {
  describe(`${name} once-per-window claims`, () => {
    let store: OnceStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(async () => close());

    it('grants a key once while its claim lasts, and other keys independently', async () => {
      const k = key();
      expect(await store.claim(k, 60_000)).toBe(true);
      expect(await store.claim(k, 60_000)).toBe(false);
      expect(await store.claim(`${k}-other`, 60_000)).toBe(true);
    });

    it('grants it again once the window has passed', async () => {
      const k = key();
      expect(await store.claim(k, 50)).toBe(true);
      await new Promise((r) => setTimeout(r, 80));
      expect(await store.claim(k, 50)).toBe(true);
    });
  });
}

function attemptsContract(name: string, open: () => AttemptStore) {
  describe(`${name} failure counts`, () => {
    it('keeps failure times inside the window, oldest first, per key', async () => {
      const store = open();
      const k = key();
      await store.add(k, 1000, 10_000);
      await store.add(k, 2000, 10_000);
      await store.add(`${k}-other`, 1500, 10_000);
      expect(await store.recent(k, 0)).toEqual([1000, 2000]);
      expect(await store.recent(k, 1500)).toEqual([2000]);
    });

    it('forgets a key when cleared', async () => {
      const store = open();
      const k = key();
      await store.add(k, 1000, 10_000);
      await store.clear(k);
      expect(await store.recent(k, 0)).toEqual([]);
    });
  });
}

attemptsContract('in-memory', () => createMemoryAttemptStore());

onceContract('in-memory', async () => ({ store: createMemoryOnceStore(), close: async () => undefined }));

describe.runIf(hasRedisServer)('with Redis', () => {
  let server: Awaited<ReturnType<typeof startRedisServer>>;
  let redis: Redis;
  beforeAll(async () => {
    server = await startRedisServer();
    redis = createRedis(server.url);
  });
  afterAll(async () => {
    await redis.quit();
    await server.close();
  });

  onceContract('Redis', async () => ({ store: createRedisOnceStore(redis), close: async () => undefined }));
  attemptsContract('Redis', () => createRedisAttemptStore(redis));

  describe('request limits shared by two processes', () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      // Two processes of one deployment: one Redis and one database (the limiter counts an account
      // by its id, so each process must find the same accounts).
      a = await createTestApp({ env: { REDIS_URL: server.url } });
      b = await createTestApp({ env: { REDIS_URL: server.url }, database: connectAgain(a.database) });
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    // Each sign-in counts under the account's id when the process finds the account (so `5`, `05` and
    // the username are one account). On two separate databases the other "process" found no such
    // account and counted under the name instead, which is why this once let the sixth try through.
    it('locks an account for an address after five failures spread over both', async () => {
      const admin = await createAdminUser(a.app, a.db);
      const ip = `10.8.${Math.floor(Math.random() * 200)}.9`;
      const attempt = (t: TestApp, password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: ip,
          payload: { username: admin.username, password },
        });
      for (let i = 0; i < 5; i++) expect((await attempt(i % 2 ? a : b, 'Wrong@Pass1')).statusCode).toBe(401);
      const locked = await attempt(a, TEST_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.headers['retry-after']).toBeDefined();
    });

    it('counts review uploads from one address on both together', async () => {
      const ip = `10.9.${Math.floor(Math.random() * 200)}.7`;
      // Empty uploads are refused (400) after the limit counted them, which is all this needs.
      const upload = (t: TestApp) =>
        t.app.inject({ method: 'POST', url: '/api/image/review-uploads', remoteAddress: ip });
      const codes: number[] = [];
      for (let i = 0; i < 20; i++) codes.push((await upload(i % 2 ? a : b)).statusCode);
      expect(codes.every((c) => c !== 429)).toBe(true);
      const limited = await upload(a);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(limited.headers['retry-after']).toBeDefined();
    });
  });

  describe('when Redis stops', () => {
    it('falls back to limits in memory within about a second, reports Redis in readiness, and never answers 500', async () => {
      const own = await startRedisServer();
      const t = await createTestApp({ env: { REDIS_URL: own.url } });
      try {
        const admin = await createAdminUser(t.app, t.db);
        const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
        expect(ready.json()).toMatchObject({ redis: 'up' });
        await own.close();

        const ip = '10.77.0.1';
        const attempt = (password: string) =>
          t.app.inject({
            method: 'POST',
            url: '/api/user/login',
            remoteAddress: ip,
            payload: { username: admin.username, password },
          });
        const started = Date.now();
        // Well under the 10.7 s an outage used to cost, with room for argon2 on a busy CI machine.
        const first = await attempt('Wrong@Pass1');
        expect(first.statusCode).toBe(401);
        expect(Date.now() - started).toBeLessThan(6000);
        for (let i = 0; i < 4; i++) expect((await attempt('Wrong@Pass1')).statusCode).toBe(401);
        // Counted in memory meanwhile: the sixth try from that address waits.
        expect((await attempt(TEST_PASSWORD)).statusCode).toBe(429);
        const other = await t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: '10.77.0.2',
          payload: { username: admin.username, password: TEST_PASSWORD },
        });
        expect(other.statusCode).toBe(200);

        // Request limits (review uploads: 20 per window) hold too instead of failing open.
        const codes: number[] = [];
        for (let i = 0; i < 21; i++)
          codes.push(
            (await t.app.inject({ method: 'POST', url: '/api/image/review-uploads', remoteAddress: ip }))
              .statusCode,
          );
        expect(codes.at(-1)).toBe(429);

        const down = await t.app.inject({ method: 'GET', url: '/api/ready' });
        expect(down.json()).toMatchObject({ redis: 'down' });
      } finally {
        await t.close();
      }
    });
  });
});
