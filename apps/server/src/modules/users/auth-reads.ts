import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/** What the auth plugin needs of a signed-in account: who it is, whether it is active, its token version. */
export async function findAuthAccount(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      type: users.type,
      username: users.username,
      email: users.email,
      roles: users.roles,
      name: users.name,
      active: users.active,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}
