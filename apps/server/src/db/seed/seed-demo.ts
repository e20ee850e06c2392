import { sql } from 'drizzle-orm';
import type { Config } from '../../env';
import type { Db, DbOrTx, Tx } from '../client';
import {
  carouselItems,
  categories,
  coupons,
  emailTemplates,
  metalPurities,
  metalRateHistory,
  metals,
  productPieces,
  planOptions,
  products,
  reviews,
  subscriptions,
  users,
  vendorPlans,
} from '../schema';
import { derivedPurityRate, slugify } from '@zevar/domain';
import { buildDemoUsers, type DemoAccount } from './demo-accounts';
import { DEMO_CATEGORIES, GOLD_RATE_PAISE, SILVER_RATE_PAISE } from './demo-catalogue';
import {
  DEMO_PLANS,
  DEMO_REVIEWS,
  DEMO_SLIDES,
  ORDER_CONFIRMATION_TEMPLATE,
  demoCoupons,
} from './demo-extras';
import { removeDemoPictures, renderDemoPictures, type DemoPictures } from './demo-pictures';
import { demoHuid, planProducts, productRow, type PlannedProduct } from './demo-products';
import { insertDefaultPurities } from '../../modules/metals/purities.service';
import { gstBasisPoints } from '../../modules/products';
import { createImageStore, createStorage, encodedImageCacheIn, type ImageStore } from '../../lib/image-store';

export type { DemoAccount } from './demo-accounts';
export { generatePassword } from './demo-accounts';
export { demoFixtures } from './demo-fixtures';

/**
 * Empty means no catalogue and no vendors. Admins do not count: the first admin from
 * ADMIN_USERNAME is created before the seed runs and must not prevent the demo data.
 */
export async function isDatabaseEmpty(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({
      n: sql<string>`(select count(*) from ${products}) + (select count(*) from ${categories}) + (select count(*) from ${users} where ${users.type} = 'VENDOR')`,
    })
    .from(sql`(select 1) as one`);
  return Number(row?.n ?? 0) === 0;
}

/** Loads the demo catalogue into an empty database; returns the demo accounts, or null when not empty. */
export async function seedDemoIfEmpty(
  db: Db,
  config: Config,
  images: ImageStore = createImageStore(createStorage(config), {
    encodedCache: config.DEMO_PICTURE_CACHE_DIR
      ? encodedImageCacheIn(config.DEMO_PICTURE_CACHE_DIR)
      : undefined,
  }),
): Promise<DemoAccount[] | null> {
  if (!(await isDatabaseEmpty(db))) return null;
  const planned = planProducts();
  const [pictures, demoUsers] = await Promise.all([
    renderDemoPictures(images, planned),
    buildDemoUsers(config.DEFAULT_VENDOR_SLUG),
  ]);
  try {
    return await db.transaction(async (tx) => {
      if (!(await isDatabaseEmpty(tx))) return null;
      const taken = await tx.select({ username: sql<string>`lower(${users.username})` }).from(users);
      const takenSet = new Set(taken.map((t) => t.username));
      const rows = demoUsers.rows.filter((r) => !takenSet.has(r.username.toLowerCase()));
      const insertedUsers = await tx
        .insert(users)
        .values(rows)
        .returning({ id: users.id, plan: users.plan, type: users.type });
      await seedPlans(
        tx,
        insertedUsers.filter((u) => u.type === 'VENDOR'),
      );
      await seedCatalogue(tx, planned, pictures, gstBasisPoints(config));
      await tx.insert(coupons).values(demoCoupons(new Date()));
      await tx.insert(emailTemplates).values(ORDER_CONFIRMATION_TEMPLATE).onConflictDoNothing();
      return demoUsers.accounts.filter((a) => !takenSet.has(a.username.toLowerCase()));
    });
  } catch (err) {
    await removeDemoPictures(images, pictures.all);
    throw err;
  }
}

async function seedPlans(tx: Tx, vendors: { id: number; plan: string }[]): Promise<void> {
  const plans = await tx
    .insert(vendorPlans)
    .values(DEMO_PLANS.map((p) => ({ plan: p.plan, features: p.features })))
    .returning({ id: vendorPlans.id, plan: vendorPlans.plan });
  const options = await tx
    .insert(planOptions)
    .values(
      DEMO_PLANS.flatMap((p, i) =>
        p.options.map((o) => ({
          planId: plans[i]!.id,
          durationMonths: o.months,
          pricePaise: o.rupees * 100,
          active: o.active ?? true,
        })),
      ),
    )
    .returning();
  const now = new Date();
  const paid = vendors.filter((v) => v.plan !== 'FREE');
  if (paid.length === 0) return;
  await tx.insert(subscriptions).values(
    paid.map((v) => {
      const plan = plans.find((p) => p.plan === v.plan)!;
      const option = options.find((o) => o.planId === plan.id && o.durationMonths === 12)!;
      const start = new Date(now.getTime() - 30 * 24 * 3600 * 1000);
      const end = new Date(start);
      end.setMonth(end.getMonth() + 12);
      return {
        vendorId: v.id,
        planId: plan.id,
        optionId: option.id,
        plan: plan.plan,
        durationMonths: 12,
        amountPaise: option.pricePaise,
        status: 'ACTIVE' as const,
        startDate: start,
        endDate: end,
      };
    }),
  );
}

async function seedCategories(tx: Tx, pictures: DemoPictures): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const picture = (name: string) => pictures.categories.get(name) ?? { image: null, banner: null };
  const parents = await tx
    .insert(categories)
    .values(
      DEMO_CATEGORIES.map((c) => ({ name: c.name, slug: slugify(c.name), plan: c.plan, ...picture(c.name) })),
    )
    .returning({ id: categories.id, name: categories.name });
  parents.forEach((p) => ids.set(p.name, p.id));
  const children = await tx
    .insert(categories)
    .values(
      DEMO_CATEGORIES.flatMap((c) =>
        c.children.map((ch) => ({
          name: ch.name,
          slug: slugify(ch.name),
          plan: ch.plan,
          parentId: ids.get(c.name)!,
          ...picture(ch.name),
        })),
      ),
    )
    .returning({ id: categories.id, name: categories.name });
  children.forEach((ch) => ids.set(ch.name, ch.id));
  return ids;
}

/**
 * A month of demo rate changes (every third day, a gentle drift ending at today's rate), for the fine
 * rate and each purity, so the rate charts have something to show.
 */
function demoRateHistory(
  metalRows: Array<{ id: number; ratePaise: number }>,
  purityRows: Array<{ metalId: number; name: string; fineness: number }>,
  now: Date,
) {
  const rows: Array<typeof metalRateHistory.$inferInsert> = [];
  const DAY = 86_400_000;
  for (const metal of metalRows) {
    const rateOn = (k: number) => Math.round(metal.ratePaise * (1 - 0.004 * k + 0.012 * Math.sin(k)));
    for (let k = 10; k >= 1; k--) {
      const [oldFine, newFine] = [rateOn(k), rateOn(k - 1)];
      const changedAt = new Date(now.getTime() - k * 3 * DAY);
      const base = { metalId: metal.id, changedBy: 'demo-admin', changedAt };
      rows.push({ ...base, purity: null, oldRatePaise: oldFine, newRatePaise: newFine });
      for (const p of purityRows.filter((r) => r.metalId === metal.id))
        rows.push({
          ...base,
          purity: p.name,
          oldRatePaise: derivedPurityRate(oldFine, p.fineness),
          newRatePaise: derivedPurityRate(newFine, p.fineness),
        });
    }
  }
  return rows;
}

async function seedCatalogue(
  tx: Tx,
  planned: PlannedProduct[],
  pictures: DemoPictures,
  gstBp: number,
): Promise<void> {
  const categoryIds = await seedCategories(tx, pictures);
  const metalRows = await tx
    .insert(metals)
    .values([
      { name: 'Gold', ratePaise: GOLD_RATE_PAISE },
      { name: 'Silver', ratePaise: SILVER_RATE_PAISE },
    ])
    .returning();
  const metalIds = { GOLD: metalRows[0]!.id, SILVER: metalRows[1]!.id };
  for (const metal of metalRows) await insertDefaultPurities(tx, metal);
  const purityRows = await tx.select().from(metalPurities);
  const now = new Date();
  await tx.insert(metalRateHistory).values(demoRateHistory(metalRows, purityRows, now));
  const ids = {
    categoryId: (name: string) => categoryIds.get(name)!,
    metalId: (t: 'GOLD' | 'SILVER') => metalIds[t],
    purity: (t: 'GOLD' | 'SILVER', name: string) =>
      purityRows.find((r) => r.metalId === metalIds[t] && r.name === name)!,
    gstBp,
  };
  const productRows = await tx
    .insert(products)
    .values(planned.map((p, i) => productRow(p, pictures.products[i]!, ids, now)))
    .returning({
      id: products.id,
      name: products.name,
      stock: products.stock,
      hallmarked: products.hallmarked,
    });
  // One HUID per hallmarked piece in stock.
  let piece = 0;
  const pieces = productRows
    .filter((p) => p.hallmarked)
    .flatMap((p) => Array.from({ length: p.stock }, () => ({ productId: p.id, huid: demoHuid(piece++) })));
  if (pieces.length) await tx.insert(productPieces).values(pieces);
  const productIds = new Map(productRows.map((p) => [p.name, p.id]));

  await tx.insert(reviews).values(
    DEMO_REVIEWS.map((r, i) => ({
      productId: productIds.get(r.product)!,
      name: r.name,
      rating: r.rating,
      comment: r.comment,
      createdAt: new Date(now.getTime() - (i + 1) * 2 * 24 * 3600 * 1000),
    })),
  );
  await tx.insert(carouselItems).values(
    DEMO_SLIDES.map((s, i) => ({
      imageUrl: pictures.slides[i]!,
      linkType: s.link,
      targetId: (s.link === 'CATEGORY' ? categoryIds.get(s.target) : productIds.get(s.target))!,
      plan: s.plan,
      position: i,
    })),
  );
}
