import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestDatabase, testConfig } from '../../test/test-app';

/**
 * The bench's stray 500s: when its load tool stops, it drops its sockets while storefront handlers
 * are between their two statements; the bench then stops the server, whose `app.close()` returned as
 * soon as the sockets were gone, and the database was closed under those handlers.
 */
describe('shutting down', () => {
  it('closes the database only after the handlers of clients that already left have finished', async () => {
    const real = await createTestDatabase();
    const events: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // As server.ts does: the app first, then the database. Closing the database lets the handler
    // go on at once (so a database closed too early fails it); otherwise it goes on after 300 ms.
    const database = {
      ...real,
      close: async () => {
        events.push('database closed');
        release();
        await real.close();
      },
    };
    const app = await buildApp({ config: testConfig(), database, logger: false });
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let left!: () => void;
    const clientLeft = new Promise<void>((resolve) => (left = resolve));
    app.get('/api/test/two-statements', { config: { access: 'public' } }, async (request) => {
      request.raw.once('close', () => left());
      await database.db.execute(sql`select 1`);
      entered();
      await gate;
      try {
        await database.db.execute(sql`select 2`);
        events.push('second statement answered');
      } catch (err) {
        events.push(`second statement failed: ${(err as Error).message.split('\n')[0]}`);
      }
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const req = http.get(`http://127.0.0.1:${port}/api/test/two-statements`);
    req.on('error', () => undefined);
    await inHandler;
    req.destroy();
    await clientLeft;

    const shutdown = (async () => {
      await app.close();
      await database.close();
    })();
    await Promise.race([shutdown, sleep(300)]);
    release();
    await shutdown;
    expect(events).toEqual(['second statement answered', 'database closed']);
  });

  it('does not wait for an answer that ended without onSend (a hijacked reply)', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    app.get('/api/test/hijacked', { config: { access: 'public' } }, (_request, reply) => {
      reply.hijack();
      reply.raw.end('raw');
    });
    const res = await app.inject({ method: 'GET', url: '/api/test/hijacked' });
    expect(res.body).toBe('raw');
    const closed = await Promise.race([
      app.close().then(() => 'closed'),
      sleep(2000).then(() => 'still waiting'),
    ]);
    await database.close();
    expect(closed).toBe('closed');
  });
});
