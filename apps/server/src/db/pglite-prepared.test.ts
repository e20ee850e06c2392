import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedReads } from './pglite-prepared';

/** The named statements the session holds, by how often each was planned generically. */
async function preparedStatements(client: PGlite) {
  const { rows } = await client.query<{ name: string; statement: string; generic_plans: number }>(
    `select name, statement, generic_plans from pg_prepared_statements order by name`,
  );
  return rows;
}

describe('named prepared reads on PGlite (decision 0075)', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    await client.exec(`
      create table gems (id serial primary key, name text not null, price numeric(12,2), seen timestamptz,
        facts jsonb, tags text[]);
      insert into gems (name, price, seen, facts, tags) values
        ('Ruby', 1200.50, '2026-01-02T03:04:05Z', '{"origin":"Burma"}', '{red,hard}'),
        ('Pearl', 300, null, null, '{}');
    `);
  });
  afterAll(() => client.close());

  it('answers a repeated read exactly as a plain query does, parsing it once', async () => {
    const prepared = withPreparedReads(client);
    const text = 'select id, name, price, seen, facts, tags from gems where name = $1 or id = $2 order by id';
    for (const mode of ['object', 'array'] as const) {
      for (const params of [
        ['Ruby', 0],
        ['Pearl', 1],
        ['none', 0],
      ]) {
        const plain = await client.query(text, params, { rowMode: mode });
        const named = await prepared.query(text, params, { rowMode: mode });
        expect(named.rows).toEqual(plain.rows);
        expect(named.fields).toEqual(plain.fields);
      }
    }
    const statements = (await preparedStatements(client)).filter((s) => s.statement === text);
    expect(statements).toHaveLength(1);
    // Six runs: the plan cache has moved to a generic plan (the planning no read pays again).
    for (let i = 0; i < 6; i++) await prepared.query(text, ['Ruby', 0]);
    expect(
      (await preparedStatements(client)).find((s) => s.statement === text)!.generic_plans,
    ).toBeGreaterThan(0);
  });

  it('serves drizzle: the same rows, values bound as parameters', async () => {
    const db = drizzle(withPreparedReads(client));
    const name = "Ruby' or 1=1 --";
    const read = (n: string) =>
      db.execute<{ name: string }>(sql`select name from gems where name = ${n} order by id`);
    expect((await read(name)).rows).toEqual([]);
    expect((await read('Pearl')).rows).toEqual([{ name: 'Pearl' }]);
  });

  it('keeps at most its bound of statements, deallocating the least recently used', async () => {
    const prepared = withPreparedReads(client, 2);
    const texts = [1, 2, 3].map((n) => `select ${n} as n, name from gems where id = $1`);
    await prepared.query(texts[0]!, [1]);
    await prepared.query(texts[1]!, [1]);
    await prepared.query(texts[0]!, [1]); // texts[1] is now the least recently used
    await prepared.query(texts[2]!, [1]);
    const held = (await preparedStatements(client)).map((s) => s.statement);
    expect(held).toContain(texts[0]);
    expect(held).toContain(texts[2]);
    expect(held).not.toContain(texts[1]);
    expect((await prepared.query<{ n: number }>(texts[1]!, [2])).rows).toEqual([{ n: 2, name: 'Pearl' }]);
  });

  it('reports a bad value or bad text as the database error and keeps working', async () => {
    const prepared = withPreparedReads(client);
    const text = 'select name from gems where id = $1';
    await expect(prepared.query(text, ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    await expect(prepared.query('select nope from gems where id = $1', [1])).rejects.toMatchObject({
      code: '42703',
    });
    expect((await prepared.query(text, [1])).rows).toEqual([{ name: 'Ruby' }]);
  });

  it('leaves writes, reads without values and transactions to the client', async () => {
    const prepared = withPreparedReads(client);
    const before = (await preparedStatements(client)).length;
    await prepared.query(`update gems set name = $1 where id = $2`, ['Ruby', 1]);
    await prepared.query(`select count(*) from gems`);
    await prepared.transaction(async (tx) => {
      await tx.query('select name from gems where id = $1 and name <> $2', [1, 'x']);
    });
    expect((await preparedStatements(client)).length).toBe(before);
  });

  it('waits for a running transaction instead of reading inside it', async () => {
    const prepared = withPreparedReads(client);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const tx = prepared.transaction(async (t) => {
      await t.query(`update gems set name = 'Sapphire' where id = 1`);
      entered();
      await held;
      await t.query(`update gems set name = 'Ruby' where id = 1`);
    });
    await inside;
    const read = prepared.query<{ name: string }>('select name from gems where id = $1', [1]);
    release();
    await tx;
    // Had the read run inside the open transaction, it would have seen 'Sapphire'.
    expect((await read).rows).toEqual([{ name: 'Ruby' }]);
  });
});
