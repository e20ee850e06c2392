import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/*
 * Read model (docs/decisions/0015): the shops that counted views name (the users module's table),
 * resolved once per flush rather than on every page view. Reads only.
 */

/** Active vendors' ids by slug (unknown slugs are left out). */
export async function vendorIdsBySlug(db: DbOrTx, slugs: string[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, slug: users.slug })
    .from(users)
    .where(and(inArray(users.slug, slugs), eq(users.type, 'VENDOR'), eq(users.active, true)));
  return new Map(rows.map((r) => [r.slug!, r.id]));
}
