import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planProducts } from '../src/db/seed/demo-products';
import { confirmUrl, orderBody } from '../test/payment-journey';
import { startS3Server } from '../test/s3-server';
import { waitUntil } from '../test/wait-until';
import { isReady, startSmtpServer, startZevar, type Mail, type ZevarProcess } from './cluster';

const pgUrl = process.env.SCALE_DATABASE_URL;
const redisUrl = process.env.SCALE_REDIS_URL;
const ADMIN = { username: 'scale-admin', password: 'Scale@Pass123' };
const SHOP = 'zevar';

type Paid = { orderNumber: string; orderId: string; razorpayOrderId: string };

describe.runIf(pgUrl && redisUrl)('three Zevar processes on one PostgreSQL', () => {
  let admin: pg.Client;
  let db: pg.Client;
  let dbName: string;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let procs: ZevarProcess[] = [];
  let sku: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    dbName = `zevar_scale_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(pgUrl!);
    url.pathname = `/${dbName}`;
    [s3, smtp] = await Promise.all([startS3Server('zevar-scale'), startSmtpServer()]);
    const env = {
      DATABASE_URL: url.toString(),
      JWT_SECRET: 'scale-out-secret-scale-out-secret-0123456789',
      SELLER_LEGAL_NAME: 'Scale Test Jewels',
      SELLER_ADDRESS: '1 Test Road, Mumbai 400001',
      SELLER_GSTIN: '27AAPFU0939F1ZV',
      PAYMENTS: 'sandbox',
      RAZORPAY_KEY_SECRET: 'scale_key_secret',
      RAZORPAY_WEBHOOK_SECRET: 'scale_webhook_secret',
      SEED_DEMO: 'true',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      REDIS_URL: redisUrl!,
      S3_BUCKET: s3.options.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      SMTP_URL: smtp.url,
      SHUTDOWN_GRACE_SECONDS: '5',
      // Every test shopper comes from 127.0.0.1; the per-address cap on unpaid orders is for strangers.
      MAX_OPEN_ORDERS_PER_ADDRESS: '100',
      // The run's cache of the demo pictures' encodings, when `npm test` made one (decision 0090).
      ...(process.env.DEMO_PICTURE_CACHE_DIR
        ? { DEMO_PICTURE_CACHE_DIR: process.env.DEMO_PICTURE_CACHE_DIR }
        : {}),
    };
    // All three at the same moment, on an empty database.
    procs = await Promise.all(['p1', 'p2', 'p3'].map((name) => startZevar(name, env)));
    await waitUntil(
      'all three processes ready',
      async () => (await Promise.all(procs.map(isReady))).every(Boolean),
      180_000,
    ).catch((err) => {
      for (const p of procs) console.log(`--- ${p.name}\n${p.output()}`);
      throw err;
    });
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    // One product every shop shows, with stock for every order of this suite. Not a hallmarked one:
    // its stock is its HUID pieces, which a plain stock number would contradict.
    const { rows } = await db.query<{ sku: string }>(
      `SELECT p.sku FROM products p JOIN categories c ON c.id = p.category_id
         LEFT JOIN categories parent ON parent.id = c.parent_id
        WHERE p.plan = 'FREE' AND c.plan = 'FREE' AND coalesce(parent.plan, 'FREE') = 'FREE'
          AND NOT p.hallmarked
        ORDER BY p.id LIMIT 1`,
    );
    sku = rows[0]!.sku;
    await db.query('UPDATE products SET stock = 10000 WHERE sku = $1', [sku]);
  });

  afterAll(async () => {
    for (const p of procs) if (p.alive()) p.child.kill('SIGTERM');
    await waitUntil('processes stopped', () => procs.every((p) => !p.alive()), 20_000).catch(() => {
      for (const p of procs) p.child.kill('SIGKILL');
    });
    await db?.end();
    await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin?.end();
    await Promise.all([s3?.close(), smtp?.close()]);
  });

  async function call(p: ZevarProcess, path: string, init: RequestInit = {}) {
    const res = await fetch(`${p.base}${path}`, {
      ...init,
      headers: init.body ? { 'content-type': 'application/json' } : {},
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  /** Like a proxy: a request to a process that is gone goes to the next live one. */
  async function withFailover<T>(start: number, work: (p: ZevarProcess) => Promise<T>): Promise<T> {
    let lastError: unknown;
    for (let i = 0; i < procs.length; i++) {
      const p = procs[(start + i) % procs.length]!;
      if (!p.alive()) continue;
      try {
        return await work(p);
      } catch (err) {
        lastError = err;
      }
    }
    throw lastError;
  }

  async function initiateAndPay(i: number, confirm: boolean, productSku = sku): Promise<Paid> {
    const init = await withFailover(i, async (p) => {
      const res = await call(p, '/api/orders/initiate-order', {
        method: 'POST',
        body: JSON.stringify(
          orderBody(SHOP, [{ productSku, quantity: 1 }], { customerEmail: `buyer${i}@example.in` }),
        ),
      });
      if (res.status !== 200) throw new Error(`initiate ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { orderId: string; orderNumber: string; razorpayOrderId: string };
    });
    const signed = await withFailover(i + 1, async (p) => {
      const res = await call(p, '/sandbox/pay', {
        method: 'POST',
        body: JSON.stringify({ orderId: init.razorpayOrderId }),
      });
      if (res.status !== 200) throw new Error(`pay ${res.status}`);
      return res.body as {
        razorpay_payment_id: string;
        razorpay_order_id: string;
        razorpay_signature: string;
      };
    });
    if (confirm) {
      await withFailover(i + 2, async (p) => {
        const res = await call(p, confirmUrl(signed), { method: 'POST' });
        if (res.status !== 200) throw new Error(`confirm ${res.status}`);
      });
    }
    return { orderNumber: init.orderNumber, orderId: init.orderId, razorpayOrderId: init.razorpayOrderId };
  }

  async function statusOf(orderNumber: string): Promise<string> {
    const { rows } = await db.query<{ status: string }>('SELECT status FROM orders WHERE order_number = $1', [
      orderNumber,
    ]);
    return rows[0]?.status ?? 'MISSING';
  }

  const confirmationsFor = (mails: Mail[], orderNumber: string, email: string) =>
    mails.filter((m) => m.to.includes(email) && m.raw.includes(orderNumber));

  /**
   * Makes the waiting run of a periodic job due now. Each run queues the next one `everySeconds` ahead
   * (the reconciler a minute, mail 15 s) and the workers ask for work every 2 s: rather than sleep until
   * the cluster's own timer fires, a test moves that queued run's start to now (the work itself, who
   * takes it and how often it may run are the cluster's own; a run already running is left alone).
   */
  const runSoon = (job: 'reconcile-payments' | 'deliver-email') =>
    db.query(
      `UPDATE pgboss_v12.job SET start_after = now() WHERE name = $1 AND state = 'created' AND start_after > now()`,
      [job],
    );

  /** Whether a run of `job` that started after `since` (the database's clock) has completed. */
  async function ranSince(job: string, since: Date): Promise<boolean> {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss_v12.job WHERE name = $1 AND state = 'completed' AND started_on > $2`,
      [job, since],
    );
    return rows[0]!.n > 0;
  }

  it('migrated once, with one first admin and one copy of the demo data', async () => {
    const admins = await db.query(
      `SELECT count(*)::int AS n FROM users WHERE type = 'ADMIN' AND username = $1`,
      [ADMIN.username],
    );
    expect(admins.rows[0].n).toBe(1);
    const products = await db.query('SELECT count(*)::int AS n FROM products');
    expect(products.rows[0].n).toBe(planProducts().length);
    const migrations = await db.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    const ids = await db.query('SELECT count(DISTINCT hash)::int AS n FROM drizzle.__drizzle_migrations');
    expect(migrations.rows[0].n).toBe(ids.rows[0].n);
    for (const p of procs) expect(await isReady(p)).toBe(true);
  });

  it('serves an image uploaded through process 1 from processes 2 and 3', async () => {
    const login = await call(procs[0]!, '/api/user/login', { method: 'POST', body: JSON.stringify(ADMIN) });
    expect(login.status).toBe(200);
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#d4af37' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'gold.png');
    const up = await fetch(`${procs[0]!.base}/api/image/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${String(login.body.token)}` },
      body: form,
    });
    expect(up.status).toBe(201);
    const name = await up.text();
    for (const p of procs.slice(1)) {
      const res = await fetch(`${p.base}/api/image/${name}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
    }
  });

  it('sends exactly one confirmation email for each of 20 paid orders, and the reconciler settles a webhook-less payment once', async () => {
    const paid: Paid[] = [];
    for (let i = 0; i < 20; i += 4) {
      paid.push(...(await Promise.all([0, 1, 2, 3].map((k) => initiateAndPay(i + k, true)))));
    }
    // Paid at the gateway, but neither the browser nor a webhook ever told the server.
    const silent = await initiateAndPay(100, false);
    expect(await statusOf(silent.orderNumber)).toBe('PAYMENT_PENDING');

    for (const o of paid) expect(await statusOf(o.orderNumber)).toBe('CONFIRMED');
    await waitUntil(
      'the reconciler to confirm the silent payment',
      async () => {
        await runSoon('reconcile-payments');
        return (await statusOf(silent.orderNumber)) === 'CONFIRMED';
      },
      150_000,
      1000,
    );
    await waitUntil(
      'one confirmation email per order',
      async () => {
        await runSoon('deliver-email');
        return (
          paid.every(
            (o, i) => confirmationsFor(smtp.mails, o.orderNumber, `buyer${i}@example.in`).length >= 1,
          ) && confirmationsFor(smtp.mails, silent.orderNumber, 'buyer100@example.in').length >= 1
        );
      },
      120_000,
      1000,
    );
    // Before counting, give a duplicate every chance to show up: a whole reconciler run and a whole
    // mail run, both started after every mail above arrived (a reconciler settling a confirmed order
    // again, or a second outbox row, would be sent in them), and nothing left untried in the outbox (a
    // mail is received here before its row is marked sent). Runs of one job never overlap (stately
    // queues), so a run that was under way at this point has ended too.
    const { rows: clock } = await db.query<{ now: Date }>('SELECT now() AS now');
    const allArrived = clock[0]!.now;
    await waitUntil(
      'a reconciler run and a mail run after the last mail, and an empty outbox',
      async () => {
        await runSoon('reconcile-payments');
        if (!(await ranSince('reconcile-payments', allArrived))) return false;
        await runSoon('deliver-email');
        if (!(await ranSince('deliver-email', allArrived))) return false;
        const { rows } = await db.query<{ n: number }>(
          // Never tried yet: queued and not sent (a mail being sent is still this until marked sent).
          `SELECT count(*)::int AS n FROM email_outbox WHERE status = 'PENDING' AND attempts = 0`,
        );
        return rows[0]!.n === 0;
      },
      150_000,
      500,
    );
    paid.forEach((o, i) =>
      expect(confirmationsFor(smtp.mails, o.orderNumber, `buyer${i}@example.in`)).toHaveLength(1),
    );
    expect(confirmationsFor(smtp.mails, silent.orderNumber, 'buyer100@example.in')).toHaveLength(1);
    const sales = await db.query(
      'SELECT count(*)::int AS n FROM orders WHERE order_number = ANY($1) AND status = $2',
      [[...paid.map((o) => o.orderNumber), silent.orderNumber], 'CONFIRMED'],
    );
    expect(sales.rows[0].n).toBe(21);
  });

  /** A product's page and its (searched) category list in one shop, as each process answers them. */
  async function answersOf(productSku: string) {
    const { rows } = await db.query<{ slug: string; name: string; category_id: number }>(
      'SELECT slug, name, category_id FROM products WHERE sku = $1',
      [productSku],
    );
    const { slug, name, category_id: categoryId } = rows[0]!;
    const productPath = `/api/products/name/${slug}?vendorSlug=${SHOP}`;
    const listPath = `/api/products/category/${categoryId}?vendorSlug=${SHOP}&size=15&search=${encodeURIComponent(name)}`;
    // Another size and spelling of the same listing: one kept listing and card (decision 0094).
    const otherSpelling = `/api/products/category/${categoryId}?vendorSlug=${SHOP}&size=7&search=${encodeURIComponent(name.toUpperCase())}`;
    return async (p: ZevarProcess) => {
      const page = (await call(p, productPath)).body as { stock: number };
      const list = await fetch(`${p.base}${listPath}`);
      const body = (await list.json()) as { content: Array<{ sku: string; stockBand: string }> };
      const other = (await call(p, otherSpelling)).body as typeof body;
      return {
        stock: page.stock,
        band: body.content.find((x) => x.sku === productSku)?.stockBand,
        otherSpellingBand: other.content.find((x) => x.sku === productSku)?.stockBand,
        listEtag: list.headers.get('etag'),
      };
    };
  }

  it('shows a sale’s new stock on the product page in every process, and keeps the list while its band holds', async () => {
    const answers = await answersOf(sku);
    // Every process has both answers cached.
    const before = await answers(procs[0]!);
    expect(before.band).toBe('in_stock');
    for (const p of procs) expect(await answers(p)).toEqual(before);
    await initiateAndPay(150, true);
    const after = { ...before, stock: before.stock - 1 };
    // The process that reserved the stock at once; the others as soon as its message reaches them.
    // The list (in stock either way) is the same answer everywhere: the same ETag.
    expect(await answers(procs[0]!)).toEqual(after);
    await waitUntil(
      'every process to show the new stock',
      async () =>
        (await Promise.all(procs.map(answers))).every((a) => JSON.stringify(a) === JSON.stringify(after)),
      5000,
      20,
    );
  });

  it('shows few left on the list in every process when a sale crosses the band', async () => {
    // Another product of every shop, never read before this test, with 5 pieces (one above few left).
    const { rows } = await db.query<{ sku: string }>(
      `SELECT p.sku FROM products p JOIN categories c ON c.id = p.category_id
         LEFT JOIN categories parent ON parent.id = c.parent_id
        WHERE p.plan = 'FREE' AND c.plan = 'FREE' AND coalesce(parent.plan, 'FREE') = 'FREE'
          AND NOT p.hallmarked AND p.sku <> $1
        ORDER BY p.id LIMIT 1`,
      [sku],
    );
    const other = rows[0]!.sku;
    await db.query('UPDATE products SET stock = 5 WHERE sku = $1', [other]);
    const answers = await answersOf(other);
    const before = await answers(procs[0]!);
    expect(before).toMatchObject({ stock: 5, band: 'in_stock', otherSpellingBand: 'in_stock' });
    for (const p of procs) expect(await answers(p)).toEqual(before);
    // Initiated (the stock taken) by procs[0], the process read first below.
    await initiateAndPay(159, true, other);
    // The sale took the stock to 4: few left, on the list too, in every process.
    const fewLeft = await answers(procs[0]!);
    expect(fewLeft).toMatchObject({ stock: 4, band: 'few_left', otherSpellingBand: 'few_left' });
    expect(fewLeft.listEtag).not.toBe(before.listEtag);
    await waitUntil(
      'every process to show few left',
      async () =>
        (await Promise.all(procs.map(answers))).every(
          (a) => a.stock === 4 && a.band === 'few_left' && a.otherSpellingBand === 'few_left',
        ),
      5000,
      20,
    );
  });

  it('loses no paid order when one process is killed mid-burst, and the others carry on', async () => {
    const victim = procs[1]!;
    const burst = Array.from({ length: 12 }, (_, k) => 200 + k);
    const paid: Paid[] = [];
    const killer = new Promise<void>((resolve) =>
      setTimeout(() => {
        victim.child.kill('SIGKILL');
        resolve();
      }, 1500),
    );
    for (let i = 0; i < burst.length; i += 3) {
      const results = await Promise.allSettled(burst.slice(i, i + 3).map((n) => initiateAndPay(n, true)));
      for (const r of results) if (r.status === 'fulfilled') paid.push(r.value);
    }
    await killer;
    await waitUntil('the killed process to exit', () => !victim.alive(), 10_000);
    expect(paid.length).toBeGreaterThanOrEqual(burst.length - 3);
    // Every order the gateway took money for ends confirmed: by the browser, or by the reconciler.
    await waitUntil(
      'every paid order confirmed',
      async () => {
        await runSoon('reconcile-payments');
        return (await Promise.all(paid.map((o) => statusOf(o.orderNumber)))).every((s) => s === 'CONFIRMED');
      },
      150_000,
      1000,
    );
    for (const p of procs.filter((x) => x !== victim)) expect(await isReady(p)).toBe(true);
    const after = await initiateAndPay(300, true);
    expect(await statusOf(after.orderNumber)).toBe('CONFIRMED');
  });

  // Last: it locks the admin out from this address for the rest of the window.
  it('limits failed sign-ins spread over the three processes as one', async () => {
    const attempt = (p: ZevarProcess, password: string) =>
      call(p, '/api/user/login', {
        method: 'POST',
        body: JSON.stringify({ username: ADMIN.username, password }),
      });
    const live = procs.filter((p) => p.alive());
    for (let i = 0; i < 5; i++)
      expect((await attempt(live[i % live.length]!, 'Wrong@Pass1')).status).toBe(401);
    for (const p of live) expect((await attempt(p, ADMIN.password)).status).toBe(429);
  });
});
