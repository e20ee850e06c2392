import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/test-app';
import type { Database } from './client';
import { products } from './schema';

/*
 * Decision 0089: on PostgreSQL a parametrised statement runs as a named prepared statement, parsed
 * once per connection (node-postgres then sends only Bind and Execute). On PGlite the reads take
 * their own path (pglite-prepared.test.ts); there this file has nothing to check.
 */
describe('statements prepared on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.close());

  it.runIf(process.env.TEST_DATABASE_URL)(
    'a repeated parametrised statement is prepared once on its connection and answers as before',
    async () => {
      const read = (db: Database['db'], sku: string) =>
        db.select({ id: products.id }).from(products).where(eq(products.sku, sku));
      // One transaction: one connection, whose prepared statements pg_prepared_statements lists.
      const { prepared, answers } = await database.db.transaction(async (tx) => {
        const answers = [await read(tx, 'no-such-sku-1'), await read(tx, 'no-such-sku-2')];
        const rows = await tx.execute<{ name: string; statement: string }>(
          sql`select name, statement from pg_prepared_statements where statement like ${'%"products"."sku" = $1%'}`,
        );
        return { prepared: (rows as unknown as { rows: Array<{ name: string }> }).rows, answers };
      });
      expect(answers).toEqual([[], []]);
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.name).toMatch(/^zevar_\d+$/);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)('text without values still runs several statements', async () => {
    const { rows } = await database.executeSql('select 1 as a; select 2 as b');
    expect(rows).toEqual([{ b: 2 }]);
  });
});
