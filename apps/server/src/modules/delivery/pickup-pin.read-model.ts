import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): the PIN code on a shop's profile (the users module's table), where
 * its parcels are collected. Reads only.
 */

/** The shop's own PIN code when its profile has a valid one, else null. */
export async function shopPinCode(db: DbOrTx, vendorSlug: string): Promise<string | null> {
  const [row] = await db
    .select({ pin: users.pincode })
    .from(users)
    .where(and(eq(users.slug, vendorSlug), eq(users.type, 'VENDOR')));
  const pin = row?.pin?.trim() ?? '';
  return /^[1-9]\d{5}$/.test(pin) ? pin : null;
}
