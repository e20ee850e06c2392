import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, userPolicy, type ChangePasswordInput, type LoginResponse } from '@zevar/domain';
import type { AppContext } from '../../context';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { users } from '../../db/schema';
import { assertRecentAuth, type AuthUser } from '../../plugins/auth';
import { hashPassword, verifyPassword } from './passwords';
import { assertNotLeaked, isLeakedPassword } from './leaked-passwords';
import { accountKey, type LoginLimiter } from './login-limiter';
import { recordChangeIn } from '../audit';
import { endOtherSessions, endSession, listSessions, renewSession } from './user-sessions';

type UserRow = typeof users.$inferSelect;

/** SQL that ends every token the user holds (see plugins/auth.ts). */
const revoked = sql`${users.tokenVersion} + 1`;

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIAL = '@$!%*?&';

/** A random password that meets the password rule (one of each class), 16 characters. */
export function temporaryPassword(): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  const all = LOWER + UPPER + DIGITS + SPECIAL;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < 16) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * A user's own credentials and sessions: change password, re-authenticate, sign out; and an admin's
 * reset-password and sign-out-everywhere on others. Every password check goes through the sign-in
 * limiter, so a stolen token cannot be used to guess the password either. Ending sessions raises
 * `users.token_version` (decision 0011); emailed resets and a second factor (issue 23) add further
 * ways in, and end sessions the same way.
 */
export function createAccountService(ctx: AppContext, limiter: LoginLimiter) {
  const { db } = ctx;

  async function load(id: number): Promise<UserRow> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    if (!row) throw notFound('User');
    return row;
  }

  /** A fresh token for the signed-in session (its row stays; decision 0047). */
  const session = (row: UserRow, viewer: AuthUser) =>
    renewSession(db, ctx.tokens, row, viewer.sessionId, ctx.now());

  /** Checks the signed-in user's password under the limiter; a wrong one is a 400 on `field`. */
  async function provePassword(
    viewer: AuthUser,
    password: string,
    clientIp: string,
    field: string,
  ): Promise<UserRow> {
    const account = accountKey('', viewer.id);
    await limiter.assertAllowed(account, clientIp);
    const row = await load(viewer.id);
    if (!(await verifyPassword(row.passwordHash, password))) {
      await limiter.fail(account, clientIp);
      // Not 401: the session is still good, only this proof failed.
      throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.wrongCurrentPassword, [
        { path: field, message: ACCOUNT_MESSAGES.wrongCurrentPassword },
      ]);
    }
    await limiter.succeed(account, clientIp);
    return row;
  }

  /** Changes the password, ends every other session, and gives this browser a fresh token. */
  async function changePassword(
    viewer: AuthUser,
    input: ChangePasswordInput,
    clientIp: string,
  ): Promise<LoginResponse> {
    await provePassword(viewer, input.currentPassword, clientIp, 'currentPassword');
    await assertNotLeaked(input.newPassword, 'newPassword');
    const passwordHash = await hashPassword(input.newPassword);
    const [row] = await db
      .update(users)
      .set({ passwordHash, tokenVersion: revoked, updatedAt: ctx.now() })
      .where(eq(users.id, viewer.id))
      .returning();
    await endOtherSessions(db, viewer.id, viewer.sessionId, ctx.now());
    return session(row!, viewer);
  }

  /** A fresh token whose password proof is now (for role changes and refunds). */
  async function reauthenticate(
    viewer: AuthUser,
    password: string,
    clientIp: string,
  ): Promise<LoginResponse> {
    return session(await provePassword(viewer, password, clientIp, 'password'), viewer);
  }

  /** Ends this session server-side: its tokens stop working at once; other devices stay signed in. */
  async function logout(viewer: AuthUser): Promise<void> {
    await endSession(db, viewer.id, viewer.sessionId, ctx.now());
  }

  /** The signed-in user's live sessions, this one marked. */
  const sessions = (viewer: AuthUser) => listSessions(db, viewer.id, viewer.sessionId, ctx.now());

  /** Signs out one of the user's own sessions (a browser left signed in elsewhere). */
  async function endOwnSession(viewer: AuthUser, sessionId: string): Promise<void> {
    await db.transaction(async (tx) => {
      if (!(await endSession(tx, viewer.id, sessionId, ctx.now()))) throw notFound('Session');
      await recordChangeIn(tx, {
        action: 'sign-out-session',
        entityType: 'user',
        entityId: viewer.id,
        after: { signedOut: sessionId === viewer.sessionId ? 'this session' : 'another session' },
      });
    });
  }

  function denyUnlessManages(viewer: AuthUser, target: UserRow): void {
    const reason = userPolicy.denial(viewer, target);
    if (reason) throw forbidden(reason);
  }

  /** An admin signs a user out on every device (a lost phone, a leaked token). */
  async function signOutEverywhere(id: number, viewer: AuthUser): Promise<void> {
    const target = await load(id);
    denyUnlessManages(viewer, target);
    await db.update(users).set({ tokenVersion: revoked, updatedAt: ctx.now() }).where(eq(users.id, id));
    await endOtherSessions(db, id, null, ctx.now());
  }

  /**
   * An admin replaces a user's password with a one-time random one (shown once, handed over by the
   * admin) and ends every session. Hands over the account, so it needs a recent password proof.
   */
  async function resetPassword(id: number, viewer: AuthUser): Promise<{ temporaryPassword: string }> {
    const target = await load(id);
    denyUnlessManages(viewer, target);
    if (viewer.id === id) throw conflict('Use Change Password for your own account');
    assertRecentAuth(viewer, ctx.now());
    let password = temporaryPassword();
    // A random 16-character password is as good as never on the list; checked like every other.
    while (await isLeakedPassword(password)) password = temporaryPassword();
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password), tokenVersion: revoked, updatedAt: ctx.now() })
      .where(eq(users.id, id));
    await endOtherSessions(db, id, null, ctx.now());
    return { temporaryPassword: password };
  }

  return {
    provePassword,
    changePassword,
    reauthenticate,
    logout,
    sessions,
    endOwnSession,
    signOutEverywhere,
    resetPassword,
  };
}
