import type { FastifyInstance } from 'fastify';
import type { AdminRole } from '@zevar/domain';
import type { Db } from '../src/db/client';
import type { products } from '../src/db/schema';
import {
  createAdminUser,
  createCategory,
  createMetal,
  createProduct,
  createPurity,
  createVendor,
  metalVersion,
  uid,
  type Actor,
} from './factories';

/** Everyone the authorization matrix needs: anonymous, two vendors and an admin per permission. */
export async function createCallers(app: FastifyInstance, db: Db) {
  const admin = async (roles: AdminRole[]) => (await createAdminUser(app, db, roles)).headers;
  const vendorA: Actor = await createVendor(app, db);
  const vendorB: Actor = await createVendor(app, db);
  return {
    anonymous: {} as Record<string, string>,
    vendorA: vendorA.headers,
    vendorB: vendorB.headers,
    superAdmin: await admin(['SUPER_ADMIN']),
    products: await admin(['MANAGE_PRODUCTS']),
    categories: await admin(['MANAGE_CATEGORIES']),
    carousel: await admin(['MANAGE_CAROUSEL']),
    orders: await admin(['MANAGE_ORDERS']),
  };
}
export type Callers = Awaited<ReturnType<typeof createCallers>>;

/** A multipart body with one file in field `file` (or another field name). */
export function multipart(content: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----zevar${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * A 22K necklace (10 g, 12 % making) priced from a gold rate of its own (₹6,000/g fine: ₹63,401.86),
 * and `setGoldRate` to move that rate as an admin does (PUT /api/metals/:id).
 */
export async function goldNecklace(
  app: FastifyInstance,
  db: Db,
  adminHeaders: Record<string, string>,
  overrides: Partial<typeof products.$inferInsert> = {},
) {
  const gold = await createMetal(db, { name: `Gold ${uid()}`, ratePaise: 600_000 });
  const k22 = await createPurity(db, gold, { name: '22K', fineness: 916, ratePaise: 549_600 });
  const categoryId = overrides.categoryId ?? (await createCategory(db)).id;
  const necklace = await createProduct(db, {
    productType: 'GOLD',
    metalId: gold.id,
    purityId: k22.id,
    metalWeightMg: 10_000,
    makingKind: 'PERCENT',
    makingValue: 1200,
    pricePaise: 6_340_186,
    ...overrides,
    categoryId,
  });
  const setGoldRate = async (price: number) => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/metals/${gold.id}`,
      headers: adminHeaders,
      payload: { name: gold.name, price, confirmBigChange: true, version: await metalVersion(db, gold.id) },
    });
    if (res.statusCode !== 200) throw new Error(`setting the gold rate: ${res.statusCode} ${res.body}`);
  };
  return { necklace, categoryId, setGoldRate };
}
