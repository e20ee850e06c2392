import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminRole, Plan } from '@zevar/domain';
import type { Db } from '../src/db/client';
import { categories, coupons, metalPurities, metals, products, users, vendorKyc } from '../src/db/schema';

export const uid = () => randomBytes(4).toString('hex');
export const TEST_PASSWORD = 'Secret@123';
let cachedHash: Promise<string> | null = null;
// The factories' users get an Argon2id hash at the algorithm's lowest cost (8 KiB, one pass):
// Argon2 reads its cost from the stored hash, so every sign-in of a test user still runs the real
// verification of `passwords.ts`, at about 0.1 ms of CPU instead of about 22 ms at the production
// cost (19 MiB, two passes), and the suite signs in hundreds of times. Hashes the server
// makes itself (registration, password changes, the first admin, the demo seed) keep the
// production cost, and their tests sign in with them.
const passwordHash = () => (cachedHash ??= hash(TEST_PASSWORD, { algorithm: 2, memoryCost: 8, timeCost: 1 }));

export type Actor = { id: number; username: string; token: string; headers: { authorization: string } };

async function login(app: FastifyInstance, username: string): Promise<Actor & { id: number }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username, password: TEST_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login failed for ${username}: ${res.body}`);
  const body = res.json() as { token: string; userId: number };
  return { id: body.userId, username, token: body.token, headers: { authorization: `Bearer ${body.token}` } };
}

export async function createVendor(
  app: FastifyInstance,
  db: Db,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<Actor & { slug: string; plan: Plan }> {
  const username = overrides.username ?? `vendor_${uid()}`;
  const slug = overrides.slug === undefined ? `shop-${uid()}` : overrides.slug;
  const [row] = await db
    .insert(users)
    .values({
      type: 'VENDOR',
      username,
      email: `${username}@example.in`,
      passwordHash: await passwordHash(),
      name: 'Test Vendor',
      businessName: 'Test Jewels',
      description: 'A test vendor selling jewellery for tests',
      phone: '9876543210',
      addressLine1: '1 MG Road',
      city: 'Jaipur',
      state: 'Rajasthan',
      pincode: '302001',
      plan: 'FREE',
      ...overrides,
      slug,
    })
    .returning();
  const actor = await login(app, username);
  return { ...actor, slug: row!.slug ?? '', plan: row!.plan };
}

export async function createAdminUser(
  app: FastifyInstance,
  db: Db,
  roles: AdminRole[] = ['SUPER_ADMIN'],
): Promise<Actor> {
  const username = `admin_${uid()}`;
  await db.insert(users).values({
    type: 'ADMIN',
    username,
    email: `${username}@example.in`,
    passwordHash: await passwordHash(),
    name: 'Test Admin',
    roles,
  });
  return login(app, username);
}

export async function createCategory(db: Db, overrides: Partial<typeof categories.$inferInsert> = {}) {
  const name = overrides.name ?? `Category ${uid()}`;
  const [row] = await db
    .insert(categories)
    .values({ name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), plan: 'FREE', ...overrides })
    .returning();
  return row!;
}

export async function createMetal(db: Db, overrides: Partial<typeof metals.$inferInsert> = {}) {
  const [row] = await db
    .insert(metals)
    .values({ name: overrides.name ?? `Metal ${uid()}`, ratePaise: 600_000, ...overrides })
    .returning();
  return row!;
}

/** A purity of a metal; by default 'Fine' (1000), derived, at the metal's rate. */
export async function createPurity(
  db: Db,
  metal: { id: number; ratePaise: number },
  overrides: Partial<typeof metalPurities.$inferInsert> = {},
) {
  const [row] = await db
    .insert(metalPurities)
    .values({
      metalId: metal.id,
      name: `P${uid()}`.slice(0, 20),
      fineness: 1000,
      rateMode: 'DERIVED',
      ratePaise: metal.ratePaise,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createProduct(db: Db, overrides: Partial<typeof products.$inferInsert> = {}) {
  const categoryId = overrides.categoryId ?? (await createCategory(db)).id;
  const name = overrides.name ?? `Product ${uid()}`;
  const [row] = await db
    .insert(products)
    .values({
      sku: `SKU-${uid()}`,
      name,
      slug: name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
      pricePaise: 150_000,
      originalPricePaise: 200_000,
      stock: 10,
      categoryId,
      plan: 'FREE',
      vendorCommissionPaise: 10_000,
      images: [],
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createCoupon(db: Db, overrides: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await db
    .insert(coupons)
    .values({
      code: overrides.code ?? `SAVE${uid().toUpperCase()}`,
      type: 'APPLY_WITH_QUANTITY',
      discountPaise: 10_000,
      minQuantity: 1,
      minimumTotalPaise: 0,
      expiryDate: new Date(Date.now() + 30 * 86_400_000),
      description: 'Test coupon',
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * PUT /api/user/{id} as the edit forms send it: with the account's current edit version (decision
 * 0023) unless the payload names one.
 */
export async function putUser(
  t: { app: FastifyInstance; db: Db },
  id: number,
  headers: Record<string, string>,
  payload: object,
) {
  const [row] = await t.db.select({ version: users.version }).from(users).where(eq(users.id, id));
  return t.app.inject({
    method: 'PUT',
    url: `/api/user/${id}`,
    headers,
    payload: { version: row?.version ?? 1, ...payload },
  });
}

/** The version a metal's edit starts from now (tests that change rates through the API send it). */
export async function metalVersion(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ version: metals.version }).from(metals).where(eq(metals.id, id));
  return row?.version ?? 1;
}

/** The version a purity's edit starts from now. */
export async function purityVersion(db: Db, id: number): Promise<number> {
  const [row] = await db
    .select({ version: metalPurities.version })
    .from(metalPurities)
    .where(eq(metalPurities.id, id));
  return row?.version ?? 1;
}

/**
 * An approved KYC for a vendor's current bank account (as the admin's approval after a passed penny
 * drop leaves it), so that payouts may reach it. Call again after the account changes: the reseller
 * submitting KYC anew and the admin approving it.
 */
export async function approveKyc(
  db: Db,
  vendorId: number,
  { pan = 'ABCPK1234F', gstin = null }: { pan?: string; gstin?: string | null } = {},
): Promise<void> {
  const [vendor] = await db.select().from(users).where(eq(users.id, vendorId));
  if (!vendor?.accountNumber || !vendor.ifscCode || !vendor.accountHolderName) {
    throw new Error('approveKyc needs the vendor to have bank details');
  }
  const now = new Date();
  const row = {
    status: 'APPROVED',
    pan,
    legalName: vendor.accountHolderName,
    gstin,
    accountHolderName: vendor.accountHolderName,
    accountNumber: vendor.accountNumber,
    ifsc: vendor.ifscCode,
    bankName: vendor.bankName,
    checkStatus: 'VERIFIED',
    checkRef: `fav_test_${vendorId}`,
    registeredName: vendor.accountHolderName.toUpperCase(),
    nameMatch: 1,
    checkedAt: now,
    submittedAt: now,
    submittedBy: vendorId,
    reviewedAt: now,
    reviewedBy: vendorId,
  };
  await db
    .insert(vendorKyc)
    .values({ vendorId, ...row })
    .onConflictDoUpdate({ target: vendorKyc.vendorId, set: row });
}
