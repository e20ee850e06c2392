import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createCacheInvalidation, type CacheTag, type Notifications } from './invalidation';
import { createPublicCache } from './public-cache';

/** Notifications whose sends wait until the test lets them go, recording each payload. */
function heldNotifications() {
  const sent: string[] = [];
  const waiting: Array<() => void> = [];
  const notifications: Notifications = {
    listen: async () => undefined,
    notify: (_channel, payload) =>
      new Promise<void>((resolve) => {
        sent.push(payload);
        waiting.push(resolve);
      }),
    close: async () => undefined,
  };
  const release = () => {
    for (const go of waiting.splice(0)) go();
  };
  return { notifications, sent, release };
}

const instant: Notifications = {
  listen: async () => undefined,
  notify: async () => undefined,
  close: async () => undefined,
};

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('public answer cache', () => {
  it('drops only the entries whose tags a change names', async () => {
    const cache = createPublicCache(createCacheInvalidation(instant));
    let builds = 0;
    const build = (tags: CacheTag[]) => async () => ({ body: `${(builds += 1)}`, tags });
    await cache.answer('a', build(['catalogue', 'product:1']));
    await cache.answer('b', build(['catalogue', 'product:2']));
    await cache.invalidate(['product:1']);
    expect((await cache.answer('a', build(['catalogue', 'product:1']))).body.toString()).toBe('3');
    expect((await cache.answer('b', build(['catalogue', 'product:2']))).body.toString()).toBe('2');
    await cache.invalidate(['catalogue']);
    expect(cache.size()).toBe(0);
  });

  it('does not hand a build begun before a change to a request that came after it', async () => {
    const cache = createPublicCache(createCacheInvalidation(instant));
    let stock = 5;
    const slow = gate();
    let calls = 0;
    const produce = async () => {
      calls += 1;
      const seen = stock;
      if (calls === 1) await slow.opened;
      return { body: String(seen), tags: ['catalogue', 'product:7'] as CacheTag[] };
    };
    const early = cache.answer('p7', produce);
    // A sale: the stock changes and the write invalidates before answering.
    stock = 4;
    await cache.invalidate(['product:7']);
    const late = cache.answer('p7', produce);
    slow.open();
    expect((await early).body.toString()).toBe('5');
    expect((await late).body.toString()).toBe('4');
    // The early build was not kept either.
    expect((await cache.answer('p7', produce)).body.toString()).toBe('4');
    expect(calls).toBe(2);
  });

  it('lets a later request share a build when the change in between touched other tags', async () => {
    const cache = createPublicCache(createCacheInvalidation(instant));
    const slow = gate();
    let calls = 0;
    const produce = async () => {
      calls += 1;
      await slow.opened;
      return { body: 'x', tags: ['catalogue', 'product:8'] as CacheTag[] };
    };
    const first = cache.answer('p8', produce);
    await cache.invalidate(['product:9']);
    const second = cache.answer('p8', produce);
    slow.open();
    await Promise.all([first, second]);
    expect(calls).toBe(1);
  });

  it('keeps compressed forms that decode to the same bytes, made once', async () => {
    const cache = createPublicCache(createCacheInvalidation(instant));
    const body = JSON.stringify({
      items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Ring ${i}` })),
    });
    const answer = await cache.answer('big', async () => ({ body, tags: ['catalogue'] }));
    const br = await answer.encoded('br')!;
    const gz = await answer.encoded('gzip')!;
    expect(brotliDecompressSync(br).toString()).toBe(body);
    expect(gunzipSync(gz).toString()).toBe(body);
    expect(br.length).toBeLessThan(body.length);
    expect(answer.encoded('br')).toBe(answer.encoded('br'));
    const small = await cache.answer('small', async () => ({ body: '[]', tags: ['catalogue'] }));
    expect(small.encoded('br')).toBeNull();
  });
});

describe('cache invalidation messages', () => {
  it('merges the tags published while a message is being sent into one next message', async () => {
    const { notifications, sent, release } = heldNotifications();
    const invalidation = createCacheInvalidation(notifications);
    const heard: CacheTag[][] = [];
    invalidation.subscribe((tags) => heard.push(tags));
    const first = invalidation.publish(['product:1']);
    await Promise.resolve();
    await Promise.resolve();
    const rest = [2, 3, 4].map((id) => invalidation.publish([`product:${id}`]));
    // This process heard every change at once, before any message went out.
    expect(heard).toEqual([['product:1'], ['product:2'], ['product:3'], ['product:4']]);
    release();
    await first;
    await new Promise((r) => setImmediate(r));
    release();
    await Promise.all(rest);
    expect(sent).toEqual(['product:1', 'product:2,product:3,product:4']);
  });

  it('splits a batch longer than a NOTIFY payload may be', async () => {
    const sent: string[] = [];
    const invalidation = createCacheInvalidation({ ...instant, notify: async (_c, p) => void sent.push(p) });
    const tags = Array.from({ length: 1500 }, (_, i): CacheTag => `product:${1_000_000 + i}`);
    await invalidation.publish(tags);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.every((p) => p.length < 8000)).toBe(true);
    expect(sent.join(',').split(',')).toEqual(tags);
  });
});
