import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/test-app';
import { createProduct } from '../../test/factories';
import { builtOnce, type Placeholders } from './built-once';
import type { Database, DbOrTx } from './client';
import { categories, products } from './schema';

/*
 * Decision 0102: a statement built once runs on the session it is given (the transaction's
 * connection, counter and all) and answers exactly as the same statement built on every call.
 * Runs on PGlite by default and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('statements built once', () => {
  let database: Database;
  let other: Database;
  beforeAll(async () => {
    [database, other] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([database?.close(), other?.close()]);
  });

  // A join with a selection, a timestamp and jsonb (decoded by the fields' mappers).
  const plainRead = (db: DbOrTx, sku: string, minStock: number) =>
    db
      .select({ id: products.id, sku: products.sku, images: products.images, createdAt: products.createdAt })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(products.sku, sku), sql`${products.stock} >= ${minStock}`));
  let builds = 0;
  const read = builtOnce((db, p: Placeholders<'sku' | 'minStock'>) => {
    builds += 1;
    return db
      .select({ id: products.id, sku: products.sku, images: products.images, createdAt: products.createdAt })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(products.sku, p.sku), sql`${products.stock} >= ${p.minStock}`));
  });
  const setStock = builtOnce((db, p: Placeholders<'id' | 'stock' | 'images'>) =>
    db
      .update(products)
      .set({ stock: p.stock, images: p.images })
      .where(eq(products.id, p.id))
      .returning({ id: products.id, stock: products.stock, images: products.images }),
  );
  const addCategory = builtOnce((db, p: Placeholders<'name' | 'slug'>) =>
    db.insert(categories).values({ name: p.name, slug: p.slug, plan: 'FREE' }).returning(),
  );
  const findProduct = builtOnce((db, p: Placeholders<'sku'>) =>
    db.query.products.findFirst({ where: eq(products.sku, p.sku), columns: { id: true, name: true } }),
  );

  it('answers exactly as the statement built on every call, building it once', async () => {
    const p = await createProduct(database.db, { stock: 3, images: ['a.jpg', 'b.jpg'] });
    const before = builds;
    for (const [sku, min] of [
      [p.sku, 1],
      [p.sku, 4],
      ['no-such-sku', 0],
    ] as const) {
      expect(await read(database.db, { sku, minStock: min })).toEqual(await plainRead(database.db, sku, min));
    }
    expect(await read(database.db, { sku: p.sku, minStock: 0 })).toEqual([
      { id: p.id, sku: p.sku, images: ['a.jpg', 'b.jpg'], createdAt: p.createdAt },
    ]);
    expect(builds - before).toBeLessThanOrEqual(1);

    expect(await findProduct(database.db, { sku: p.sku })).toEqual(
      await database.db.query.products.findFirst({
        where: eq(products.sku, p.sku),
        columns: { id: true, name: true },
      }),
    );
    expect(await setStock(database.db, { id: p.id, stock: 7, images: ['c.jpg'] })).toEqual([
      { id: p.id, stock: 7, images: ['c.jpg'] },
    ]);
    const [added] = await addCategory(database.db, { name: 'Once A', slug: 'once-a' });
    const [plain] = await database.db.select().from(categories).where(eq(categories.id, added!.id));
    expect(added).toEqual(plain);
  });

  it("runs on the transaction's connection: sees its rows, and is rolled back with it", async () => {
    const p = await createProduct(database.db, { stock: 5 });
    const rollback = new Error('roll back');
    const seen = await database.db
      .transaction(async (tx) => {
        await setStock(tx, { id: p.id, stock: 1, images: ['tx.jpg'] });
        const [category] = await addCategory(tx, { name: 'Once B', slug: 'once-b' });
        const inside = {
          product: await read(tx, { sku: p.sku, minStock: 1 }),
          category: await tx.select().from(categories).where(eq(categories.id, category!.id)),
          id: category!.id,
        };
        throw Object.assign(rollback, { inside });
      })
      .catch((err: unknown) => {
        if (err !== rollback) throw err;
        return (err as typeof rollback & { inside: { product: unknown[]; category: unknown[]; id: number } })
          .inside;
      });
    // Inside: the transaction's own uncommitted writes.
    expect(seen.product).toHaveLength(1);
    expect(seen.category).toHaveLength(1);
    // After the rollback: none of them.
    const [after] = await database.db
      .select({ stock: products.stock, images: products.images })
      .from(products)
      .where(eq(products.id, p.id));
    expect(after).toEqual({ stock: 5, images: p.images });
    expect(await database.db.select().from(categories).where(eq(categories.id, seen.id))).toEqual([]);
  });

  it('runs on the database it is given, counted by that database', async () => {
    const p = await createProduct(other.db, { stock: 2 });
    const counted = { mine: database.statements.count, others: other.statements.count };
    expect(await read(other.db, { sku: p.sku, minStock: 0 })).toHaveLength(1);
    expect(await read(database.db, { sku: p.sku, minStock: 0 })).toEqual([]);
    expect(database.statements.count - counted.mine).toBe(1);
    expect(other.statements.count - counted.others).toBe(1);
  });

  it('refuses a call without one of its values', async () => {
    await expect(read(database.db, { sku: 'x' } as never)).rejects.toThrow(/minStock/);
  });
});
