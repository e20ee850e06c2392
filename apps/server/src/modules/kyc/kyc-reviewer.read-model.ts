import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/** The name of the admin who decided a KYC (a read of the users module's table). */
export async function reviewerName(db: DbOrTx, adminId: number): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, adminId));
  return row?.name ?? null;
}
