import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { LoginResponse, UserSession, UserType } from '@zevar/domain';
import type { DbOrTx } from '../../db/client';
import { users, userSessions } from '../../db/schema';
import { clientNetworkOf } from '../../lib/client-network';
import { SESSION_SECONDS } from '../../lib/session-lifetimes';

/** What a session needs of the token service (plugins/auth.ts, which reads sessions through this module). */
type TokenService = {
  sign(user: { id: number; type: UserType; tokenVersion: number; sessionId: string }): Promise<string>;
};

/** Where a sign-in came from, as the sessions list shows it. */
export type SessionOrigin = { userAgent: string | null; address: string };

/** `last_seen_at` is written at most this often per session (one write per ten minutes of use). */
const TOUCH_EVERY_MS = 10 * 60_000;

type Account = { id: number; type: UserType; tokenVersion: number; roles: string[] };

/**
 * Starts a session (one row per sign-in, decision 0047) and answers its token: the row's id travels
 * in the token as `sid`, so this one sign-in can be listed and ended on its own.
 */
export async function startSession(
  db: DbOrTx,
  tokens: TokenService,
  account: Account,
  origin: SessionOrigin,
  now: Date,
): Promise<LoginResponse> {
  const id = randomBytes(18).toString('base64url');
  await db.insert(userSessions).values({
    id,
    userId: account.id,
    tokenVersion: account.tokenVersion,
    userAgent: origin.userAgent?.slice(0, 300) ?? null,
    address: clientNetworkOf(origin.address),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_SECONDS[account.type] * 1000),
  });
  return {
    token: await tokens.sign({ ...account, sessionId: id }),
    userType: account.type,
    userId: account.id,
    roles: account.type === 'ADMIN' ? account.roles : ['VENDOR'],
  };
}

/**
 * A fresh token for an existing session at the account's current version (re-authentication, or
 * the user's own password change, which ends every other session but keeps this one).
 */
export async function renewSession(
  db: DbOrTx,
  tokens: TokenService,
  account: Account,
  sessionId: string,
  now: Date,
): Promise<LoginResponse> {
  await db
    .update(userSessions)
    .set({
      tokenVersion: account.tokenVersion,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_SECONDS[account.type] * 1000),
    })
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, account.id)));
  return {
    token: await tokens.sign({ ...account, sessionId }),
    userType: account.type,
    userId: account.id,
    roles: account.type === 'ADMIN' ? account.roles : ['VENDOR'],
  };
}

/** Records use of a session (at most every ten minutes) and, when its token slid, the new expiry. */
export async function touchSession(
  db: DbOrTx,
  session: { id: string; lastSeenAt: Date },
  now: Date,
  expiresAt: Date | null,
): Promise<void> {
  if (!expiresAt && now.getTime() - session.lastSeenAt.getTime() < TOUCH_EVERY_MS) return;
  await db
    .update(userSessions)
    .set({ lastSeenAt: now, ...(expiresAt ? { expiresAt } : {}) })
    .where(eq(userSessions.id, session.id));
}

/** The user's live sessions, most recently used first: not ended, not expired, at the account's token version. */
export async function listSessions(
  db: DbOrTx,
  userId: number,
  currentId: string,
  now: Date,
): Promise<UserSession[]> {
  const rows = await db
    .select({
      id: userSessions.id,
      userAgent: userSessions.userAgent,
      address: userSessions.address,
      createdAt: userSessions.createdAt,
      lastSeenAt: userSessions.lastSeenAt,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.endedAt),
        gt(userSessions.expiresAt, now),
        eq(userSessions.tokenVersion, users.tokenVersion),
      ),
    )
    .orderBy(desc(userSessions.lastSeenAt), desc(userSessions.createdAt));
  return rows.map((r) => ({
    id: r.id,
    userAgent: r.userAgent,
    address: r.address,
    startedAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: r.id === currentId,
  }));
}

/** Ends one of the user's sessions; false when it is not theirs or already ended. */
export async function endSession(db: DbOrTx, userId: number, sessionId: string, now: Date): Promise<boolean> {
  const ended = await db
    .update(userSessions)
    .set({ endedAt: now })
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId), isNull(userSessions.endedAt)))
    .returning({ id: userSessions.id });
  return ended.length > 0;
}

/** Ends every session of the user but `keep` (a password change keeps the browser that made it). */
export async function endOtherSessions(db: DbOrTx, userId: number, keep: string | null, now: Date) {
  await db
    .update(userSessions)
    .set({ endedAt: now })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.endedAt),
        keep ? ne(userSessions.id, keep) : sql`true`,
      ),
    );
}

/** How long a session that ended or expired stays listed in the table before it is deleted. */
export const SESSION_KEPT_DAYS = 30;

/**
 * Deletes sessions that ended, or expired, more than {@link SESSION_KEPT_DAYS} ago: a signed-in
 * table that only grows is a slow one (every request reads its session). Answers how many went.
 */
export async function pruneSessions(db: DbOrTx, now: Date): Promise<number> {
  const before = new Date(now.getTime() - SESSION_KEPT_DAYS * 86_400_000);
  const gone = await db
    .delete(userSessions)
    .where(or(lt(userSessions.expiresAt, before), lt(userSessions.endedAt, before)))
    .returning({ id: userSessions.id });
  return gone.length;
}
