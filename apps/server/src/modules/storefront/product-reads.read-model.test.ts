import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  MAX_RESULT_WINDOW,
  MAX_SEARCH_RESULTS,
  productVisibleOnPlan,
  toPaged,
  type PagedProductList,
  type Plan,
} from '@zevar/domain';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCategory, createProduct, createVendor, uid } from '../../../test/factories';
import { products } from '../../db/schema';
import { ALL_CACHE_TAGS } from '../../lib/cache/invalidation';

/*
 * The category page's SQL (decision 0074: ids and names from the listing index, no row number over
 * the category, totals summed from the kept counts; decision 0080: price sorts from the kept sort
 * keys) against a plain reading of the table: the same products, totals and order at every depth,
 * sort and filter, before and after random writes, one row or many in a statement. The kept counts
 * and the kept sort keys must equal their definitions after every round.
 */

const SHOP_PLANS: Plan[] = ['FREE', 'BASIC', 'PREMIUM'];
const SORTS = ['default', 'price-asc', 'price-desc'] as const;
const WORDS = ['Lotus', 'Rani', 'Kundan', 'Moti'];

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function seeded(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}

describe('category pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('list the same products, totals and order as a plain reading of the table, at every depth, sort and filter, across random writes', async () => {
    const rand = seeded(74);
    const shops = await Promise.all(SHOP_PLANS.map((plan) => createVendor(t.app, t.db, { plan })));
    const parent = await createCategory(t.db, { name: `Pages ${uid()}` });
    const children = [
      await createCategory(t.db, { name: `Pages free ${uid()}`, parentId: parent.id }),
      await createCategory(t.db, { name: `Pages basic ${uid()}`, parentId: parent.id, plan: 'BASIC' }),
      await createCategory(t.db, { name: `Pages premium ${uid()}`, parentId: parent.id, plan: 'PREMIUM' }),
    ];
    const outside = await createCategory(t.db, { name: `Pages outside ${uid()}` });
    const placed = [parent.id, ...children.map((c) => c.id), outside.id];
    const planOfCategory = new Map<number, Plan>([
      [parent.id, 'FREE'],
      [children[0]!.id, 'FREE'],
      [children[1]!.id, 'BASIC'],
      [children[2]!.id, 'PREMIUM'],
      [outside.id, 'FREE'],
    ]);
    const tag = uid();
    let made = 0;
    const create = () =>
      createProduct(t.db, {
        name: `${rand.pick(WORDS)} ${tag} ${made++}`,
        categoryId: rand.pick(placed),
        // Few distinct prices, so price sorts meet ties (broken by id).
        pricePaise: (1 + rand.int(4)) * 100_00,
        plan: rand.pick(SHOP_PLANS),
        status: rand.pick(['active', 'active', 'active', 'draft', 'archived'] as const),
        stock: rand.int(3),
      });
    const ids: number[] = [];
    for (let i = 0; i < 45; i++) ids.push((await create()).id);
    /** Several products in one INSERT statement (the sort keys' trigger sees them all at once). */
    const createMany = async (n: number) => {
      const rows = await t.db
        .insert(products)
        .values(
          Array.from({ length: n }, () => {
            const name = `${rand.pick(WORDS)} ${tag} ${made++}`;
            return {
              sku: `SKU-${uid()}`,
              name,
              slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
              pricePaise: (1 + rand.int(4)) * 100_00,
              stock: rand.int(3),
              categoryId: rand.pick(placed),
              plan: rand.pick(SHOP_PLANS),
              status: rand.pick(['active', 'active', 'draft', 'archived'] as const),
            };
          }),
        )
        .returning({ id: products.id });
      ids.push(...rows.map((r) => r.id));
    };
    const some = () => [...new Set(Array.from({ length: 2 + rand.int(5) }, () => rand.pick(ids)))];
    const sqlList = (xs: readonly (string | number)[]) =>
      sql.join(
        xs.map((x) => sql`${x}`),
        sql`, `,
      );

    const check = async () => {
      // Writes straight to the table pass no invalidation: start each round from an empty cache.
      await t.app.publicCache.invalidate(ALL_CACHE_TAGS);
      const rows = await t.db
        .select({
          id: products.id,
          name: products.name,
          price: products.pricePaise,
          plan: products.plan,
          status: products.status,
          categoryId: products.categoryId,
        })
        .from(products)
        .where(inArray(products.categoryId, [parent.id, ...children.map((c) => c.id)]));
      for (const [s, shop] of shops.entries()) {
        const plan = SHOP_PLANS[s]!;
        for (const sort of SORTS) {
          // One search and one sub-category filter per shop and sort (each round picks others).
          {
            const search = rand.pick([undefined, 'lotus', 'RA', tag.slice(0, 4)]);
            {
              const sub = rand.pick([undefined, undefined, children[0]!.id, children[1]!.id]);
              const expected = rows
                .filter(
                  (r) =>
                    r.status === 'active' &&
                    (sub === undefined || r.categoryId === sub) &&
                    productVisibleOnPlan(plan, {
                      plan: r.plan as Plan,
                      categoryPlan: planOfCategory.get(r.categoryId)!,
                      parentCategoryPlan: r.categoryId === parent.id ? null : 'FREE',
                    }) &&
                    (search === undefined || r.name.toLowerCase().includes(search.toLowerCase())),
                )
                .sort((a, b) =>
                  sort === 'default'
                    ? a.id - b.id
                    : (sort === 'price-asc'
                        ? Number(a.price) - Number(b.price)
                        : Number(b.price) - Number(a.price)) || a.id - b.id,
                )
                .map((r) => r.id);
              const size = 2 + rand.int(6);
              const last = Math.max(0, Math.ceil(expected.length / size) - 1);
              for (const page of new Set([0, rand.int(last + 1), last, last + 1])) {
                const q = new URLSearchParams({
                  vendorSlug: shop.slug,
                  size: String(size),
                  page: String(page),
                  sort,
                });
                if (search) q.set('search', search);
                if (sub) q.set('subCategoryId', String(sub));
                const res = await t.app.inject({
                  method: 'GET',
                  url: `/api/products/category/${parent.id}?${q}`,
                });
                const where = `${plan} ${q}`;
                expect(res.statusCode, where).toBe(200);
                const body = res.json() as PagedProductList;
                const window = search ? MAX_SEARCH_RESULTS : MAX_RESULT_WINDOW;
                const want = toPaged(
                  expected.slice(page * size, page * size + size),
                  expected.length,
                  { page, size },
                  window,
                );
                expect({ ...body, content: body.content.map((p) => p.id) }, where).toEqual(want);
              }
            }
          }
        }
      }
      // The kept counts equal a real count, row for row (one statement, one snapshot).
      const drift = await t.database.executeSql(
        `select coalesce(k.category_id, r.category_id) as category_id, coalesce(k.plan, r.plan) as plan,
                k.count as kept, r.count as real
         from product_counts k
         full join (select category_id, plan, count(*)::int as count from products
                    where status = 'active' group by 1, 2) r
           on r.category_id = k.category_id and r.plan = k.plan
         where coalesce(k.count, 0) <> coalesce(r.count, 0)`,
      );
      expect(drift.rows).toEqual([]);
      // The kept sort keys equal their definition, row for row: every active product, its category,
      // plan, price and name, and nothing else (one statement, one snapshot).
      const keysDrift = await t.database.executeSql(
        `select k.product_id, k.category_id, k.plan, k.price_paise::text as price, k.name,
                p.id, p.category_id as real_category_id, p.plan as real_plan,
                p.price_paise::text as real_price, p.name as real_name
         from product_sort_keys k
         full join (select * from products where status = 'active') p on p.id = k.product_id
         where (k.product_id, k.category_id, k.plan, k.price_paise, k.name)
           is distinct from (p.id, p.category_id, p.plan, p.price_paise, p.name)`,
      );
      expect(keysDrift.rows).toEqual([]);
    };

    await check();
    const kinds = new Set<number>();
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 14; i++) {
        const id = rand.pick(ids);
        const change = rand.int(13);
        kinds.add(change);
        if (change === 0) ids.push((await create()).id);
        else if (change === 1)
          await t.db
            .update(products)
            .set({ pricePaise: (1 + rand.int(4)) * 100_00 })
            .where(eq(products.id, id));
        else if (change === 2)
          await t.db
            .update(products)
            .set({ stock: rand.int(3) })
            .where(eq(products.id, id));
        else if (change === 3)
          await t.db
            .update(products)
            .set({ status: rand.pick(['active', 'draft', 'archived'] as const) })
            .where(eq(products.id, id));
        else if (change === 4)
          await t.db
            .update(products)
            .set({ categoryId: rand.pick(placed) })
            .where(eq(products.id, id));
        else if (change === 5)
          await t.db
            .update(products)
            .set({ plan: rand.pick(SHOP_PLANS) })
            .where(eq(products.id, id));
        else if (change === 6) {
          await t.db.delete(products).where(eq(products.id, id));
          ids.splice(ids.indexOf(id), 1);
        } else if (change === 7)
          await t.db
            .update(products)
            .set({ name: `${rand.pick(WORDS)} ${tag} ${made++}` })
            .where(eq(products.id, id));
        else if (change === 8) {
          // A re-pricing of every product in one statement (a metal rate change), ties kept.
          const shift = rand.int(4);
          await t.db
            .update(products)
            .set({ pricePaise: sql`(1 + (${products.id} + ${shift}) % 4) * 10000` })
            .where(inArray(products.categoryId, placed));
        } else if (change === 9) {
          // One statement, each row changed its own way: status, category, plan, price, or nothing.
          const k = rand.int(100);
          const statuses = ['active', 'active', 'draft', 'archived'];
          await t.db
            .update(products)
            .set({
              status: sql`(array[${sqlList(statuses)}])[1 + (${products.id} + ${k}) % 4]`,
              categoryId: sql`(array[${sqlList(placed)}]::int[])[1 + (${products.id} * 7 + ${k}) % ${placed.length}]`,
              plan: sql`(array[${sqlList(SHOP_PLANS)}])[1 + (${products.id} + ${k} / 3) % 3]`,
              pricePaise: sql`case when (${products.id} + ${k}) % 3 = 0 then ${products.pricePaise} else (1 + (${products.id} * 3 + ${k}) % 4) * 10000 end`,
            })
            .where(inArray(products.id, some()));
        } else if (change === 10) await createMany(1 + rand.int(4));
        else if (change === 11) {
          const gone = some();
          await t.db.delete(products).where(inArray(products.id, gone));
          for (const g of gone) ids.splice(ids.indexOf(g), 1);
        } else
          await t.db
            .update(products)
            .set({ stock: sql`${products.stock} + 1` })
            .where(inArray(products.categoryId, placed));
      }
      await check();
    }
    // Every kind of write above was made at least once (the seed is fixed).
    expect(kinds.size).toBe(13);
  }, 300_000);
});
