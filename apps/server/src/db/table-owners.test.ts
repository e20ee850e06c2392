import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

/** The ownership map the module-owns-its-tables lint rule enforces (docs/decisions/0015). */
const map = JSON.parse(readFileSync(path.join(import.meta.dirname, 'table-owners.json'), 'utf8')) as {
  owners: Record<string, string[]>;
  sharedColumns: Record<string, Record<string, string[]>>;
};
const modules = readdirSync(path.join(import.meta.dirname, '../modules'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const tables = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable))
  .map(([name]) => name);

describe('the table ownership map', () => {
  it('gives every table exactly one owning module, so a new table cannot be left unowned', () => {
    const owned = Object.values(map.owners).flat();
    expect([...owned].sort()).toEqual([...tables].sort());
    expect(new Set(owned).size).toBe(owned.length);
  });

  it('names only modules that exist and tables that exist', () => {
    for (const owner of [...Object.keys(map.owners), ...Object.keys(map.sharedColumns)])
      expect(modules, `module ${owner}`).toContain(owner);
    for (const shared of Object.values(map.sharedColumns))
      for (const table of Object.keys(shared)) expect(tables).toContain(table);
  });
});
