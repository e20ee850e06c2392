import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, isNull } from 'drizzle-orm';
import { isHuid, PASSWORD_PATTERN, productBreakup, slugify } from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  carouselItems,
  categories,
  coupons,
  emailTemplates,
  metalPurities,
  metals,
  productPieces,
  planOptions,
  products,
  reviews,
  users,
  vendorPlans,
} from '../schema';
import { demoFixtures, generatePassword, seedDemoIfEmpty, type DemoAccount } from './seed-demo';

/** Bulk inserts: about 15 statements today for the whole demo catalogue. */
const STATEMENT_BUDGET = 40;

describe('demo seed', () => {
  let t: TestApp;
  let accounts: DemoAccount[] | null;
  // The seed's cost in statements sent, not seconds: a loaded machine cannot change it, and one
  // statement per row (the slow way) would show at once.
  let statements: number;
  // The run's cache under `npm test` (the journeys' server may have filled it), else one of its own.
  const pictureCache =
    process.env.DEMO_PICTURE_CACHE_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'zevar-demo-pictures-'));
  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO_PICTURE_CACHE_DIR: pictureCache } });
    const before = t.database.statements.count;
    accounts = await seedDemoIfEmpty(t.db, t.config);
    statements = t.database.statements.count - before;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('seeds an empty database with at least 60 products of all three types', async () => {
    expect(accounts).not.toBeNull();
    const rows = await t.db
      .select({ type: products.productType, n: count() })
      .from(products)
      .groupBy(products.productType);
    const byType = Object.fromEntries(rows.map((r) => [r.type, r.n]));
    expect((byType.GOLD ?? 0) + (byType.SILVER ?? 0) + (byType.MRP ?? 0)).toBeGreaterThanOrEqual(60);
    expect(byType.GOLD).toBeGreaterThan(0);
    expect(byType.SILVER).toBeGreaterThan(0);
    expect(byType.MRP).toBeGreaterThan(0);
    // Every product names its metal, MRP included, so each demo product can be edited and saved.
    expect(await t.db.$count(products, isNull(products.metalId))).toBe(0);
    expect(statements).toBeLessThan(STATEMENT_BUDGET);
  });

  it('promises nothing the Return Policy refuses (no returns, exchanges or refunds) in any product or shop copy', async () => {
    const promise = /exchange|return|refund|money.back/i;
    const copy = await t.db
      .select({ name: products.name, description: products.description, features: products.features })
      .from(products);
    for (const p of copy) {
      expect(
        p.features.filter((f) => promise.test(f)),
        p.name,
      ).toEqual([]);
      expect(promise.test(p.description ?? ''), p.name).toBe(false);
    }
    const shops = await t.db.select({ description: users.description }).from(users);
    expect(shops.filter((u) => promise.test(u.description ?? ''))).toEqual([]);
  });

  it('prices every metal product with the jeweller’s price of its purity, and keeps one HUID per hallmarked piece', async () => {
    const rows = await t.db
      .select({ product: products, metal: metals, purity: metalPurities })
      .from(products)
      .innerJoin(metals, eq(products.metalId, metals.id))
      .innerJoin(metalPurities, eq(products.purityId, metalPurities.id));
    expect(rows.length).toBeGreaterThan(20);
    for (const { product: p, metal, purity } of rows) {
      const b = productBreakup(
        {
          productType: p.productType,
          pricePaise: p.pricePaise,
          metal: { name: metal.name, purity: purity.name, ratePaise: purity.ratePaise },
          netWeightMg: p.metalWeightMg,
          makingKind: p.makingKind,
          makingValue: p.makingValue,
          stonesPaise: p.stonesPaise,
          stonesDescription: p.stonesDescription,
        },
        300,
      );
      expect(p.pricePaise, p.name).toBe(b.totalPaise);
    }
    const names = new Set(rows.map((r) => r.purity.name));
    for (const n of ['22K', '18K', '925']) expect(names).toContain(n);
    expect(rows.some((r) => r.product.stonesPaise > 0 && r.product.productType === 'GOLD')).toBe(true);
    const pieces = await t.db.select().from(productPieces);
    for (const { product: p } of rows.filter((r) => r.product.hallmarked))
      expect(pieces.filter((x) => x.productId === p.id).length, p.name).toBe(p.stock);
    expect(pieces.every((x) => isHuid(x.huid))).toBe(true);
    expect(new Set(pieces.map((x) => x.huid)).size).toBe(pieces.length);
  });

  it('stores every referenced picture on disk', async () => {
    const store = path.join(t.config.DATA_DIR, 'uploads');
    const productRows = await t.db.select({ images: products.images }).from(products);
    const categoryRows = await t.db
      .select({ image: categories.image, banner: categories.banner })
      .from(categories);
    const slides = await t.db.select({ image: carouselItems.imageUrl }).from(carouselItems);
    const names = [
      ...productRows.flatMap((p) => p.images),
      ...categoryRows.flatMap((c) => [c.image, c.banner]),
      ...slides.map((s) => s.image),
    ];
    expect(productRows.every((p) => p.images.length >= 2 && p.images.length <= 4)).toBe(true);
    for (const name of names) expect(name && existsSync(path.join(store, name))).toBe(true);
  });

  it('stores each picture as the WebP encoding kept in DEMO_PICTURE_CACHE_DIR, for a later seed to copy', async () => {
    const digest = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    const kept = new Set(
      readdirSync(pictureCache)
        .filter((f) => f.endsWith('.webp'))
        .map((f) => digest(readFileSync(path.join(pictureCache, f)))),
    );
    const store = path.join(t.config.DATA_DIR, 'uploads');
    const stored = readdirSync(store).filter((f) => /^[a-f0-9]{32}\.webp$/.test(f));
    expect(stored.length).toBeGreaterThan(200);
    for (const name of stored) {
      const data = readFileSync(path.join(store, name));
      expect(data.toString('latin1', 8, 12), name).toBe('WEBP');
      expect(kept.has(digest(data)), name).toBe(true);
    }
  });

  it('writes the fixed names end-to-end tests rely on', async () => {
    const fx = demoFixtures(t.config.DEFAULT_VENDOR_SLUG);
    const vendorRows = await t.db
      .select({ slug: users.slug, plan: users.plan })
      .from(users)
      .where(eq(users.type, 'VENDOR'));
    expect(vendorRows).toEqual(
      expect.arrayContaining(fx.vendors.map((v) => ({ slug: v.slug, plan: v.plan }))),
    );
    expect(vendorRows.find((v) => v.slug === t.config.DEFAULT_VENDOR_SLUG)?.plan).toBe('PREMIUM');
    const [necklaces] = await t.db.select().from(categories).where(eq(categories.name, 'Necklaces'));
    expect(necklaces?.parentId).toBeNull();
    const variants = await t.db
      .select()
      .from(products)
      .where(eq(products.variantGroupId, fx.variantGroup.id))
      .orderBy(asc(products.id));
    expect(variants.map((v) => v.slug)).toEqual(fx.variantGroup.products.map((p) => p.slug));
    const [premium] = await t.db.select().from(products).where(eq(products.slug, fx.premiumOnlyProduct.slug));
    expect(premium?.plan).toBe('PREMIUM');
    const [soldOut] = await t.db.select().from(products).where(eq(products.slug, fx.outOfStockProduct.slug));
    expect(soldOut?.stock).toBe(0);
    const codes = (await t.db.select({ code: coupons.code }).from(coupons)).map((c) => c.code);
    expect(codes.sort()).toEqual([...fx.coupons].sort());
    const allSlugs = await t.db.select({ slug: products.slug, name: products.name }).from(products);
    expect(allSlugs.every((p) => p.slug === slugify(p.name))).toBe(true);
  });

  it('creates plans, reviews, carousel slides and the order-confirmation template', async () => {
    expect((await t.db.select().from(vendorPlans)).map((p) => p.plan).sort()).toEqual([
      'BASIC',
      'FREE',
      'PREMIUM',
      'STANDARD',
    ]);
    expect((await t.db.select().from(planOptions)).length).toBeGreaterThanOrEqual(7);
    expect((await t.db.select().from(reviews)).length).toBeGreaterThan(4);
    expect((await t.db.select().from(carouselItems)).length).toBe(5);
    const [template] = await t.db
      .select()
      .from(emailTemplates)
      .where(eq(emailTemplates.name, 'order-confirmation'));
    expect(template?.subject).toBe('Your Zevar order {{orderNumber}} is confirmed');
    expect(template?.body).toContain('{{customerName}}');
  });

  it('lets every demo account log in with its printed password', async () => {
    expect(accounts?.map((a) => a.username).sort()).toEqual([
      'demo-admin',
      'demo-basic',
      'demo-catalogue',
      'demo-free',
      'demo-premium',
      'demo-standard',
      'zevar',
    ]);
    for (const a of accounts ?? []) {
      expect(a.password).toMatch(PASSWORD_PATTERN);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: a.username, password: a.password },
      });
      expect(res.statusCode, a.username).toBe(200);
    }
  });

  it('does nothing and returns null when the database already has data', async () => {
    const before = await t.db.select({ n: count() }).from(products);
    const users1 = await t.db.select({ n: count() }).from(users);
    expect(await seedDemoIfEmpty(t.db, t.config)).toBeNull();
    expect(await t.db.select({ n: count() }).from(products)).toEqual(before);
    expect(await t.db.select({ n: count() }).from(users)).toEqual(users1);
  });

  it('generates a different valid password each time', () => {
    const a = generatePassword();
    const b = generatePassword();
    expect(a).toMatch(PASSWORD_PATTERN);
    expect(b).toMatch(PASSWORD_PATTERN);
    expect(a).not.toBe(b);
  });
});
