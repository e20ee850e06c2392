import { and, eq, sql } from 'drizzle-orm';
import { MSG, STAFF_MESSAGES, isStrongPassword } from '@zevar/domain';
import { ConfigError, type Config } from '../../env';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from './passwords';
import { isLeakedPassword } from './leaked-passwords';

export type AdminSeed = { username: string; password: string; email?: string; name?: string };

/**
 * Creates a SUPER_ADMIN unless that username exists; returns whether one was created. The password
 * follows the one rule every password follows (ADMIN_PASSWORD and `npm run create-admin` alike).
 */
export async function createAdmin(db: Db, admin: AdminSeed): Promise<boolean> {
  if (!isStrongPassword(admin.password)) throw new ConfigError(`ADMIN_PASSWORD: ${MSG.password}`);
  if (await isLeakedPassword(admin.password))
    throw new ConfigError(`ADMIN_PASSWORD: ${STAFF_MESSAGES.leakedPassword}`);
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${admin.username.toLowerCase()}`);
  if (existing) return false;
  await db.insert(users).values({
    type: 'ADMIN',
    username: admin.username,
    // example.com is reserved for placeholders and passes email validation, so the admin stays editable.
    email: (admin.email ?? `${admin.username}@example.com`).toLowerCase(),
    name: admin.name ?? 'Administrator',
    passwordHash: await hashPassword(admin.password),
    roles: ['SUPER_ADMIN'],
  });
  return true;
}

/** The first admin comes from ADMIN_USERNAME / ADMIN_PASSWORD when no admin exists yet. */
export async function ensureFirstAdmin(db: Db, config: Config): Promise<boolean> {
  if (!config.ADMIN_USERNAME || !config.ADMIN_PASSWORD) return false;
  const [anyAdmin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.type, 'ADMIN')))
    .limit(1);
  if (anyAdmin) return false;
  return createAdmin(db, {
    username: config.ADMIN_USERNAME,
    password: config.ADMIN_PASSWORD,
    email: config.ADMIN_EMAIL,
  });
}
