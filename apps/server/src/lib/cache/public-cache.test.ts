import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendCached } from '../../plugins/public-cache';
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

  it('makes an answer with figures again from its kept rest when only the figures changed', async () => {
    const cache = createPublicCache(createCacheInvalidation(instant));
    let name = 'Lotus';
    let stock = 9;
    const reads = { rest: 0, figures: 0 };
    const ask = () =>
      cache.answerWithFigures(
        'p1',
        async () => {
          reads.rest += 1;
          return { body: `${name}/${stock}`, tags: ['catalogue', 'product:1'] };
        },
        async (rest, fresh) => {
          if (fresh) return { body: rest.body.toString(), tags: ['stock:1'] };
          reads.figures += 1;
          return { body: `${rest.body.toString().split('/')[0]}/${stock}`, tags: ['stock:1'] };
        },
      );
    // A cold key reads the rest once, figures included.
    expect((await ask()).body.toString()).toBe('Lotus/9');
    expect(reads).toEqual({ rest: 1, figures: 0 });
    expect(await ask()).toBe(await ask());
    // A sale: the figures again, over the kept rest.
    stock = 7;
    await cache.invalidate(['stock:1']);
    expect((await ask()).body.toString()).toBe('Lotus/7');
    expect(reads).toEqual({ rest: 1, figures: 1 });
    // A change of the rest drops both.
    name = 'Lily';
    stock = 6;
    await cache.invalidate(['product:1']);
    expect((await ask()).body.toString()).toBe('Lily/6');
    expect(reads).toEqual({ rest: 2, figures: 1 });
    await cache.invalidate(['catalogue']);
    expect(cache.size()).toBe(0);
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

describe('kept parts of answers (decision 0094)', () => {
  it('keeps a part until a change of its tags, making it once for concurrent asks', async () => {
    const cache = createPublicCache(createCacheInvalidation(instant));
    let builds = 0;
    const slow = gate();
    const build = async () => {
      builds += 1;
      await slow.opened;
      return { value: [3, 1, 2], tags: ['catalogue', 'lists'] as CacheTag[], bytes: 12 };
    };
    const both = Promise.all([cache.part('listing:a', build), cache.part('listing:a', build)]);
    slow.open();
    const [one, two] = await both;
    expect(one).toBe(two);
    expect(builds).toBe(1);
    expect(await cache.part('listing:a', build)).toBe(one);
    await cache.invalidate(['product:1']);
    expect(await cache.part('listing:a', build)).toBe(one);
    await cache.invalidate(['lists']);
    expect(await cache.part('listing:a', build)).not.toBe(one);
    expect(builds).toBe(2);
  });

  it('does not keep or hand on a part begun before a change of its tags', async () => {
    const cache = createPublicCache(createCacheInvalidation(instant));
    let order = 'old';
    const slow = gate();
    let calls = 0;
    const build = async () => {
      calls += 1;
      const seen = order;
      if (calls === 1) await slow.opened;
      return { value: seen, tags: ['lists'] as CacheTag[], bytes: 3 };
    };
    const early = cache.part('listing:b', build);
    order = 'new';
    await cache.invalidate(['lists']);
    const late = cache.part('listing:b', build);
    slow.open();
    expect((await early).value).toBe('old');
    expect((await late).value).toBe('new');
    expect((await cache.part('listing:b', build)).value).toBe('new');
    expect(calls).toBe(2);
  });

  it('makes the missing ones of many parts in one call, and keeps none a change overtook', async () => {
    const cache = createPublicCache(createCacheInvalidation(instant));
    const calls: string[][] = [];
    let price = 10;
    const slow = gate();
    const cards = (keys: string[], wait = false) =>
      cache.partsFor(keys, async (missing) => {
        calls.push(missing);
        const seen = price;
        if (wait) await slow.opened;
        return new Map(
          missing
            .filter((k) => k !== 'card:9')
            .map((k) => [
              k,
              { value: `${k}@${seen}`, tags: [`product:${k.slice(5)}` as CacheTag], bytes: 8 },
            ]),
        );
      });
    const first = await cards(['card:1', 'card:2', 'card:9']);
    expect([...first.values()].map((p) => p.value)).toEqual(['card:1@10', 'card:2@10']);
    const second = await cards(['card:2', 'card:3']);
    expect([...second.values()].map((p) => p.value)).toEqual(['card:2@10', 'card:3@10']);
    expect(calls).toEqual([['card:1', 'card:2', 'card:9'], ['card:3']]);
    // A change of card 4 while it is being made: handed to this ask, not kept.
    const racing = cards(['card:4'], true);
    price = 11;
    await cache.invalidate(['product:4']);
    slow.open();
    expect((await racing).get('card:4')?.value).toBe('card:4@10');
    expect((await cards(['card:4'])).get('card:4')?.value).toBe('card:4@11');
  });

  it('makes the parts around with the missing ones, waits for parts being made, and makes again one a later change overtook (decision 0100)', async () => {
    const cache = createPublicCache(createCacheInvalidation(instant));
    const calls: string[][] = [];
    let price = 10;
    let slow: ReturnType<typeof gate> | undefined;
    const cards = (keys: string[], around: string[] = []) =>
      cache.partsFor(
        keys,
        async (missing) => {
          calls.push(missing);
          const seen = price;
          const wait = slow;
          if (wait) await wait.opened;
          return new Map(
            missing.map((k) => [
              k,
              { value: `${k}@${seen}`, tags: [`product:${k.slice(5)}` as CacheTag], bytes: 8 },
            ]),
          );
        },
        around,
      );
    // Nothing missing: the parts around are not made on their own.
    await cards(['card:1']);
    expect(await cards(['card:1'], ['card:2'])).toEqual(new Map([['card:1', expect.anything()]]));
    expect(calls).toEqual([['card:1']]);
    // A part missing: those around not kept are made in the same call and kept (not returned).
    const made = await cards(['card:3'], ['card:1', 'card:4', 'card:5']);
    expect([...made.keys()]).toEqual(['card:3']);
    expect(calls.at(-1)).toEqual(['card:3', 'card:4', 'card:5']);
    expect((await cards(['card:4', 'card:5'])).size).toBe(2);
    expect(calls).toHaveLength(2);
    // Asked for while another call makes it: waited for, not made twice.
    slow = gate();
    const first = cards(['card:6'], ['card:7']);
    const second = cards(['card:7', 'card:6']);
    slow.open();
    expect((await second).get('card:7')?.value).toBe('card:7@10');
    await first;
    expect(calls.slice(2)).toEqual([['card:6', 'card:7']]);
    // A change of card 9 while it is being made: a call that came after the change does not take
    // it (made again: the new price); one that came before it does.
    slow = gate();
    const before = cards(['card:8'], ['card:9']);
    const alsoBefore = cards(['card:9']);
    price = 11;
    await cache.invalidate(['product:9']);
    const after = cards(['card:9']);
    const opened = slow;
    slow = undefined;
    opened.open();
    expect((await after).get('card:9')?.value).toBe('card:9@11');
    expect((await alsoBefore).get('card:9')?.value).toBe('card:9@10');
    await before;
    expect(calls.slice(3)).toEqual([['card:8', 'card:9'], ['card:9']]);
    expect((await cards(['card:9'])).get('card:9')?.value).toBe('card:9@11');
  });

  it('keeps parts within their bound by bytes, the least recently used going first', async () => {
    const cache = createPublicCache(createCacheInvalidation(instant), { maxPartBytes: 1_000 });
    let builds = 0;
    const part = (key: string) =>
      cache.part(key, async () => {
        builds += 1;
        return { value: key, tags: ['lists'] as CacheTag[], bytes: 250 };
      });
    for (const key of ['a', 'b', 'c']) await part(key);
    await part('a');
    expect(builds).toBe(3);
    await part('d');
    expect(cache.partsSize().bytes).toBeLessThanOrEqual(1_000);
    // 'b' was the least recently used: it went; 'a' stayed.
    await part('a');
    expect(builds).toBe(4);
    await part('b');
    expect(builds).toBe(5);
    // Dropped parts leave no key behind under their tags; a change still drops the kept ones.
    await cache.invalidate(['lists']);
    expect(cache.partsSize()).toEqual({ parts: 0, bytes: 0 });
  });
});

describe('answers kept from their second ask (decision 0100)', () => {
  it('sends an answer asked for once without keeping it, keeps it at the second ask, and again at the next ask after a change dropped it', async () => {
    const cache = createPublicCache(createCacheInvalidation(instant));
    let builds = 0;
    const ask = (key: string) =>
      cache.answer(key, async () => ({ body: `${key}:${(builds += 1)}`, tags: ['catalogue', 'lists'] }), {
        fromSecondAsk: true,
      });
    expect((await ask('page-1')).body.toString()).toBe('page-1:1');
    expect(cache.size()).toBe(0);
    expect(cache.kept('page-1')).toBeUndefined();
    // Another key asked for once does not admit the first.
    await ask('page-2');
    expect(cache.size()).toBe(0);
    // The second ask makes it again and keeps it; the third is a hit.
    expect((await ask('page-1')).body.toString()).toBe('page-1:3');
    expect(cache.size()).toBe(1);
    expect(await ask('page-1')).toBe(cache.kept('page-1'));
    expect(builds).toBe(3);
    expect(cache.counts()).toMatchObject({ builds: 3, unkept: 2 });
    // A change drops it; a key that was kept is kept again at its next ask.
    await cache.invalidate(['lists']);
    expect(cache.size()).toBe(0);
    expect((await ask('page-1')).body.toString()).toBe('page-1:4');
    expect(cache.kept('page-1')?.body.toString()).toBe('page-1:4');
    // Without the option, an answer is kept at its first ask, as before.
    await cache.answer('other', async () => ({ body: 'x', tags: ['catalogue'] }));
    expect(cache.kept('other')?.body.toString()).toBe('x');
  });

  it('keeps a bounded record of keys asked for once', async () => {
    const cache = createPublicCache(createCacheInvalidation(instant));
    const ask = (key: string) =>
      cache.answer(key, async () => ({ body: key, tags: ['catalogue'] }), { fromSecondAsk: true });
    await ask('first');
    // 20,000 other keys asked for once: the record starts afresh, so 'first' waits one more ask.
    for (let i = 0; i < 20_000; i++) await ask(`k${i}`);
    await ask('first');
    expect(cache.kept('first')).toBeUndefined();
    await ask('first');
    expect(cache.kept('first')?.body.toString()).toBe('first');
  });
});

describe('compressed forms of a miss (decision 0094)', () => {
  it('sends a quick form first, and the dense one once the entry is asked for again', async () => {
    const cache = createPublicCache(createCacheInvalidation(instant));
    const body = JSON.stringify(
      Array.from({ length: 300 }, (_, i) => ({
        id: i,
        name: `Kundan choker ${i % 17}`,
        price: 1000 + ((i * 37) % 500),
      })),
    );
    const answer = await cache.answer('page', async () => ({ body, tags: ['catalogue'] }));
    for (const encoding of ['br', 'gzip'] as const) {
      const decode = (b: Buffer) => (encoding === 'br' ? brotliDecompressSync(b) : gunzipSync(b)).toString();
      const first = await answer.encoded(encoding)!;
      expect(decode(first)).toBe(body);
      // A hit is sent the form at hand at once; the dense one is made after it.
      expect(answer.encodedNow(encoding)).toBe(first);
      await new Promise((resolve) => setImmediate(resolve));
      const dense = answer.encodedNow(encoding)!;
      expect(decode(dense)).toBe(body);
      expect(dense.length).toBeLessThan(first.length);
      expect(await answer.encoded(encoding)!).toBe(dense);
    }
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

/**
 * Tries to break "a shopper never sees a stock or price older than the write that changed it":
 * random interleavings of reads (whose builds read the database at a random moment and finish at
 * another) and writes (commit, then invalidate, as a write request does before answering), in the
 * writer's process and in a second process hearing its messages. A read that starts after a write
 * returned must not get the value from before it, and once everything settled each key's cached
 * answer is the latest value (no build overtaken by a write put the old value back).
 */
describe('a read racing a write', () => {
  /** Two processes on one message bus, as two apps on one database (NOTIFY delivered to both). */
  function bus(): Notifications[] {
    const listeners: Array<(payload: string) => void> = [];
    const one = (): Notifications => ({
      listen: async (_c, onMessage) => void listeners.push(onMessage),
      notify: async (_c, payload) => {
        await Promise.resolve();
        for (const l of listeners) l(payload);
      },
      close: async () => undefined,
    });
    return [one(), one()];
  }
  const ticks = async (n: number) => {
    for (let i = 0; i < n; i++) await Promise.resolve();
  };

  const step = fc.record({
    write: fc.boolean(),
    key: fc.integer({ min: 0, max: 2 }),
    /** Which process reads (0: the writer's). */
    at: fc.integer({ min: 0, max: 1 }),
    start: fc.integer({ min: 0, max: 60 }),
    readAfter: fc.integer({ min: 0, max: 10 }),
    doneAfter: fc.integer({ min: 0, max: 40 }),
  });

  it('never serves or keeps a value older than a write that returned before the read began', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const [a, b] = bus();
        const caches = [
          createPublicCache(createCacheInvalidation(a!)),
          createPublicCache(createCacheInvalidation(b!)),
        ];
        await ticks(5);
        const db = [0, 0, 0];
        /** The version each key had when its latest write's invalidation returned. */
        const returned = [0, 0, 0];
        const tag = (k: number): CacheTag => `product:${k}`;
        const problems: string[] = [];
        await Promise.all(
          steps.map(async (s) => {
            await ticks(s.start);
            if (s.write) {
              const v = (db[s.key]! += 1);
              await caches[0]!.invalidate([tag(s.key)]);
              returned[s.key] = Math.max(returned[s.key]!, v);
              return;
            }
            const floor = returned[s.key]!;
            const got = await caches[s.at]!.answer(`k${s.key}`, async () => {
              await ticks(s.readAfter);
              const seen = db[s.key]!;
              await ticks(s.doneAfter);
              return { body: String(seen), tags: ['catalogue', tag(s.key)] };
            });
            const value = Number(got.body.toString());
            if (value < floor) problems.push(`read of ${s.key} in process ${s.at}: ${value} < ${floor}`);
          }),
        );
        await ticks(200);
        for (const cache of caches)
          for (const key of [0, 1, 2]) {
            const kept = await cache.answer(`k${key}`, async () => ({
              body: String(db[key]),
              tags: [tag(key)],
            }));
            if (Number(kept.body.toString()) !== db[key])
              problems.push(`kept ${kept.body.toString()} for ${key}, database has ${db[key]}`);
          }
        expect(problems).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  /*
   * The same with answers made of a kept rest and figures (decision 0088: a product answer and its
   * stock): each key has a rest (tag product:k) and figures (tag stock:k), written apart. The rest's
   * own read carries the figures of its moment (as a product read does); a later build reads the
   * figures afresh and lays them over the kept rest. Neither part may be older than a write that
   * returned before the read began, and once settled the kept answer is the latest of both.
   */
  it('never serves or keeps a rest or figures older than a write that returned before the read began', async () => {
    const twoPartStep = fc.record({
      write: fc.constantFrom('none', 'rest', 'figures'),
      key: fc.integer({ min: 0, max: 1 }),
      at: fc.integer({ min: 0, max: 1 }),
      start: fc.integer({ min: 0, max: 60 }),
      readAfter: fc.integer({ min: 0, max: 10 }),
      doneAfter: fc.integer({ min: 0, max: 40 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(twoPartStep, { minLength: 1, maxLength: 25 }), async (steps) => {
        const [a, b] = bus();
        const caches = [
          createPublicCache(createCacheInvalidation(a!)),
          createPublicCache(createCacheInvalidation(b!)),
        ];
        await ticks(5);
        const db = { rest: [0, 0], figures: [0, 0] };
        const returned = { rest: [0, 0], figures: [0, 0] };
        const tagOf = {
          rest: (k: number): CacheTag => `product:${k}`,
          figures: (k: number): CacheTag => `stock:${k}`,
        };
        const problems: string[] = [];
        const read = (
          cache: (typeof caches)[number],
          key: number,
          s: { readAfter: number; doneAfter: number },
        ) =>
          cache.answerWithFigures(
            `k${key}`,
            async () => {
              await ticks(s.readAfter);
              const seen = `${db.rest[key]}/${db.figures[key]}`;
              await ticks(s.doneAfter);
              return { body: seen, tags: ['catalogue', tagOf.rest(key)] };
            },
            async (rest, fresh) => {
              if (fresh) return { body: rest.body.toString(), tags: [tagOf.figures(key)] };
              await ticks(s.readAfter);
              const seen = db.figures[key]!;
              await ticks(s.doneAfter);
              return { body: `${rest.body.toString().split('/')[0]}/${seen}`, tags: [tagOf.figures(key)] };
            },
          );
        await Promise.all(
          steps.map(async (s) => {
            await ticks(s.start);
            if (s.write !== 'none') {
              const part = s.write;
              const v = (db[part][s.key]! += 1);
              await caches[0]!.invalidate([tagOf[part](s.key)]);
              returned[part][s.key] = Math.max(returned[part][s.key]!, v);
              return;
            }
            const floor = { rest: returned.rest[s.key]!, figures: returned.figures[s.key]! };
            const [r, f] = (await read(caches[s.at]!, s.key, s)).body.toString().split('/').map(Number);
            if (r! < floor.rest || f! < floor.figures)
              problems.push(
                `read of ${s.key} in process ${s.at}: ${r}/${f} < ${floor.rest}/${floor.figures}`,
              );
          }),
        );
        await ticks(200);
        for (const cache of caches)
          for (const key of [0, 1]) {
            const kept = (await read(cache, key, { readAfter: 0, doneAfter: 0 })).body.toString();
            if (kept !== `${db.rest[key]}/${db.figures[key]}`)
              problems.push(`kept ${kept} for ${key}, database has ${db.rest[key]}/${db.figures[key]}`);
          }
        expect(problems).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a page made from kept parts racing writes (decision 0094)', () => {
  function bus(): Notifications[] {
    const listeners: Array<(payload: string) => void> = [];
    const one = (): Notifications => ({
      listen: async (_c, onMessage) => void listeners.push(onMessage),
      notify: async (_c, payload) => {
        await Promise.resolve();
        for (const l of listeners) l(payload);
      },
      close: async () => undefined,
    });
    return [one(), one()];
  }
  const ticks = async (n: number) => {
    for (let i = 0; i < n; i++) await Promise.resolve();
  };

  /*
   * A listing (its order: tag lists) and two products' cards (tags product:0, product:1); a page is
   * made from the kept listing and cards, its answer kept under all their tags. Writes change the
   * order or a card, then invalidate (as a write request does before answering), in the writer's
   * process; reads run in either process. No read begun after a write returned may show the order
   * or a card older than it, and once settled the kept page is the latest of all three.
   */
  async function pageRace(parameters: {
    numRuns?: number;
    seed?: number;
    path?: string;
    endOnFailure?: boolean;
  }) {
    const step = fc.record({
      write: fc.constantFrom('none', 'none', 'order', 'card'),
      card: fc.integer({ min: 0, max: 1 }),
      at: fc.integer({ min: 0, max: 1 }),
      page: fc.integer({ min: 0, max: 1 }),
      start: fc.integer({ min: 0, max: 60 }),
      readAfter: fc.integer({ min: 0, max: 10 }),
      doneAfter: fc.integer({ min: 0, max: 40 }),
      keepLater: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const [a, b] = bus();
        const caches = [
          createPublicCache(createCacheInvalidation(a!)),
          createPublicCache(createCacheInvalidation(b!)),
        ];
        await ticks(5);
        const db = { order: 0, cards: [0, 0] };
        const returned = { order: 0, cards: [0, 0] };
        const problems: string[] = [];
        const cardTag = (k: number): CacheTag => `product:${k}`;
        /** Page 0 (both cards) or page 1 (the card first in order): "order|card=version,…". */
        const read = (
          cache: (typeof caches)[number],
          page: number,
          s: { readAfter: number; doneAfter: number; keepLater: boolean },
        ) =>
          cache.answer(
            `page${page}`,
            async () => {
              const listing = await cache.part('listing', async () => {
                await ticks(s.readAfter);
                const seen = db.order;
                await ticks(s.doneAfter);
                // An even version lists card 0 first.
                return {
                  value: { version: seen, ids: seen % 2 ? [1, 0] : [0, 1] },
                  tags: ['lists'] as CacheTag[],
                  bytes: 8,
                };
              });
              const ids = page === 0 ? listing.value.ids : listing.value.ids.slice(0, 1);
              // Page 1 reads the card after it ahead (decision 0100): a later page 0 may take it
              // from the cache, or wait for it while it is being read.
              const cards = await cache.partsFor(
                ids.map((id) => `card:${id}`),
                async (missing) => {
                  await ticks(s.readAfter);
                  const seen = missing.map((k) => [k, db.cards[Number(k.slice(5))]!] as const);
                  await ticks(s.doneAfter);
                  return new Map(
                    seen.map(([k, v]) => [k, { value: v, tags: [cardTag(Number(k.slice(5)))], bytes: 4 }]),
                  );
                },
                page === 1 ? listing.value.ids.slice(1).map((id) => `card:${id}`) : [],
              );
              const tags = new Set<CacheTag>(listing.tags);
              for (const c of cards.values()) for (const t of c.tags) tags.add(t);
              const shown = ids.map((id) => `${id}=${cards.get(`card:${id}`)!.value}`).join(',');
              return { body: `${listing.value.version}|${shown}`, tags: [...tags] };
            },
            { fromSecondAsk: s.keepLater },
          );
        await Promise.all(
          steps.map(async (s) => {
            await ticks(s.start);
            if (s.write === 'order') {
              const v = (db.order += 1);
              await caches[0]!.invalidate(['lists']);
              returned.order = Math.max(returned.order, v);
              return;
            }
            if (s.write === 'card') {
              const v = (db.cards[s.card]! += 1);
              await caches[0]!.invalidate([cardTag(s.card)]);
              returned.cards[s.card] = Math.max(returned.cards[s.card]!, v);
              return;
            }
            const floor = { order: returned.order, cards: [...returned.cards] };
            const [order, shown] = (await read(caches[s.at]!, s.page, s)).body.toString().split('|');
            if (Number(order) < floor.order) problems.push(`order ${order} < ${floor.order}`);
            for (const entry of shown!.split(',')) {
              const [id, v] = entry.split('=').map(Number);
              if (v! < floor.cards[id!]!) problems.push(`card ${id} at ${v} < ${floor.cards[id!]}`);
            }
          }),
        );
        await ticks(200);
        const latest = (page: number) => {
          const ids = db.order % 2 ? [1, 0] : [0, 1];
          return `${db.order}|${(page === 0 ? ids : ids.slice(0, 1)).map((id) => `${id}=${db.cards[id]}`).join(',')}`;
        };
        for (const cache of caches)
          for (const page of [0, 1]) {
            const kept = (
              await read(cache, page, { readAfter: 0, doneAfter: 0, keepLater: false })
            ).body.toString();
            if (kept !== latest(page))
              problems.push(`kept ${kept} for page ${page}, database has ${latest(page)}`);
          }
        expect(problems).toEqual([]);
      }),
      parameters,
    );
  }

  it('never serves or keeps an order or a card older than a write that returned before the read began', async () => {
    await pageRace({ numRuns: 1000 });
  });

  // Found by the property above in a CI run (27 Nov 2026): page 1 is made in one process, its listing
  // kept; a write there changes the order and drops the listing; page 0, asked then, joined the
  // listing's flight, finished but not yet out of the map, whose `overtaken` had been judged before
  // the change, and kept a page with the old order. A flight now leaves the map as its build ends.
  it('keeps no page 0 older than an order change that reached its process (a finished flight joined after it)', async () => {
    await pageRace({
      seed: -1343322482,
      path: '582:1:8:8:10:24:30:30:30:30:30:30:30:30',
      endOnFailure: true,
    });
  });
});

describe('a hit served without waiting (decision 0087)', () => {
  it('has each compressed form at hand once made: undefined before, the same bytes after, null when small', async () => {
    const cache = createPublicCache(createCacheInvalidation(instant));
    const body = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Bangle ${i}` })));
    const answer = await cache.answer('big', async () => ({ body, tags: ['catalogue'] }));
    expect(answer.encodedNow('br')).toBeUndefined();
    const br = await answer.encoded('br')!;
    expect(answer.encodedNow('br')).toBe(br);
    expect(answer.encodedNow('gzip')).toBeUndefined();
    const small = await cache.answer('small', async () => ({ body: '[]', tags: ['catalogue'] }));
    expect(small.encodedNow('br')).toBeNull();
  });

  it('answers a kept entry, in any encoding once made and as a 304, without a promise; a miss with one', async () => {
    const cache = createPublicCache(createCacheInvalidation(instant));
    const app = Fastify();
    const returned: Array<'promise' | 'reply'> = [];
    let builds = 0;
    app.get('/answer', (request, reply) => {
      const sent = sendCached(cache, request, reply, { tags: ['catalogue'] }, async () => {
        builds += 1;
        return Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Jhumka ${i}` }));
      });
      returned.push(sent instanceof Promise ? 'promise' : 'reply');
      return sent;
    });
    try {
      const ask = (headers: Record<string, string>) => app.inject({ url: '/answer', headers });
      const plain = await ask({});
      const firstBr = await ask({ 'accept-encoding': 'br' });
      const br = await ask({ 'accept-encoding': 'br' });
      const notModified = await ask({ 'if-none-match': String(plain.headers.etag) });
      expect([plain, firstBr, br, notModified].map((r) => r.statusCode)).toEqual([200, 200, 200, 304]);
      expect(builds).toBe(1);
      // The miss builds; the first brotli ask makes the brotli form; after that, no waiting.
      expect(returned).toEqual(['promise', 'promise', 'reply', 'reply']);
      expect(br.rawPayload).toEqual(firstBr.rawPayload);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      expect(br.headers).toMatchObject({
        'content-encoding': 'br',
        vary: 'accept-encoding',
        etag: plain.headers.etag,
      });
    } finally {
      await app.close();
    }
  });

  it("has a kept value (a shop's plan) at hand until a change of its tags drops it", async () => {
    const cache = createPublicCache(createCacheInvalidation(instant));
    expect(cache.keptValue('shop:zevar')).toBeUndefined();
    await cache.value('shop:zevar', ['shops'], async () => ({ plan: 'premium' }));
    expect(cache.keptValue('shop:zevar')).toEqual({ plan: 'premium' });
    await cache.invalidate(['catalogue']);
    expect(cache.keptValue('shop:zevar')).toEqual({ plan: 'premium' });
    await cache.invalidate(['shops']);
    expect(cache.keptValue('shop:zevar')).toBeUndefined();
  });
});
