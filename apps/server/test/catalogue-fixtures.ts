import type { FastifyInstance } from 'fastify';
import type { AdminRole } from '@zevar/domain';
import type { Db } from '../src/db/client';
import { createAdminUser, createVendor, type Actor } from './factories';

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
