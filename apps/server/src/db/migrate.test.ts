import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, findMigrationsDir } from './migrate';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('where the migrations are', () => {
  it('are found from the sources and from the bundle npm start runs (apps/server/dist)', () => {
    const expected = path.join(serverDir, 'drizzle');
    expect(MIGRATIONS_DIR).toBe(expected);
    expect(findMigrationsDir(path.join(serverDir, 'dist'))).toBe(expected);
    expect(findMigrationsDir(path.join(serverDir, 'src/db'))).toBe(expected);
  });

  it('are reported missing rather than guessed', () => {
    expect(() => findMigrationsDir('/')).toThrow(/not found/);
  });
});
