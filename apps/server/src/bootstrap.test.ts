import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, testConfig, type TestApp } from '../test/test-app';
import { MSG, emailSchema } from '@zevar/domain';
import { createAdmin, ensureFirstAdmin, resolveConfig } from './bootstrap';
import { parseEnv } from './env';
import { users } from './db/schema';

describe('first start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('creates the first admin from ADMIN_USERNAME and ADMIN_PASSWORD once, as a super admin who can sign in', async () => {
    const config = testConfig({
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'Owner@Pass1',
      ADMIN_EMAIL: 'owner@zevar.in',
    });
    expect(await ensureFirstAdmin(t.db, config)).toBe(true);
    expect(await ensureFirstAdmin(t.db, { ...config, ADMIN_USERNAME: 'second' })).toBe(false);
    const [row] = await t.db.select().from(users).where(eq(users.username, 'owner'));
    expect(row).toMatchObject({ type: 'ADMIN', roles: ['SUPER_ADMIN'], email: 'owner@zevar.in' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'owner', password: 'Owner@Pass1' },
    });
    expect(login.json()).toMatchObject({ userType: 'ADMIN', roles: ['SUPER_ADMIN'] });
    expect((await t.db.select().from(users).where(eq(users.username, 'second'))).length).toBe(0);
  });

  it('gives a first admin without ADMIN_EMAIL an address that passes validation, so it stays editable', async () => {
    const config = testConfig({ ADMIN_USERNAME: 'noemail', ADMIN_PASSWORD: 'Owner@Pass1' });
    await createAdmin(t.db, { username: 'noemail', password: 'Owner@Pass1' });
    const [row] = await t.db.select().from(users).where(eq(users.username, 'noemail'));
    expect(emailSchema.safeParse(row!.email).success).toBe(true);
    expect(config.ADMIN_EMAIL).toBeUndefined();
  });

  it('creates the first admin only with a password that follows the one password rule', async () => {
    const weak = testConfig({ ADMIN_USERNAME: 'weakling', ADMIN_PASSWORD: 'password' });
    await expect(createAdmin(t.db, { username: 'weakling', password: weak.ADMIN_PASSWORD! })).rejects.toThrow(
      MSG.password,
    );
    expect(await t.db.select().from(users).where(eq(users.username, 'weakling'))).toHaveLength(0);
    expect(await createAdmin(t.db, { username: 'hashmark', password: 'Owner#Pass1' })).toBe(true);
  });

  it('keeps generated secrets in DATA_DIR so restarts keep tokens valid', () => {
    const first = testConfig({ JWT_SECRET: '' });
    expect(first.JWT_SECRET).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(first.DATA_DIR, 'jwt-secret');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.JWT_SECRET);
    const restarted = resolveConfig(parseEnv({ DATA_DIR: first.DATA_DIR }));
    expect(restarted.JWT_SECRET).toBe(first.JWT_SECRET);
    expect(restarted.paymentKeySecret).toBe(
      resolveConfig(parseEnv({ DATA_DIR: first.DATA_DIR })).paymentKeySecret,
    );
  });
});
