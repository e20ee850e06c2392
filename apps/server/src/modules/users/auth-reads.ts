import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, userSecondFactors, userSessions } from '../../db/schema';

/**
 * What the auth plugin needs of a signed-in account, in one query on primary keys: who it is,
 * whether it is active, its token version, the session the token names (decision 0047) and whether
 * a second factor is set up.
 */
export async function findAuthAccount(db: DbOrTx, id: number, sessionId: string) {
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
      session: {
        id: userSessions.id,
        endedAt: userSessions.endedAt,
        expiresAt: userSessions.expiresAt,
        lastSeenAt: userSessions.lastSeenAt,
      },
      secondFactorAt: userSecondFactors.confirmedAt,
    })
    .from(users)
    .leftJoin(userSessions, and(eq(userSessions.id, sessionId), eq(userSessions.userId, users.id)))
    .leftJoin(userSecondFactors, eq(userSecondFactors.userId, users.id))
    .where(eq(users.id, id));
  return row;
}
