import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import {
  acceptsStep,
  isTotpCode,
  SECOND_FACTOR_MESSAGES,
  secondFactorRequired,
  timeStep,
  userPolicy,
  type LoginResponse,
  type RecoveryCodes,
  type SecondFactorEnrolment,
  type SecondFactorSignInInput,
  type SecondFactorStatus,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { users, userSecondFactors } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { assertRecentAuth, type AuthUser } from '../../plugins/auth';
import { recordChangeIn } from '../audit';
import type { LoginLimiter } from './login-limiter';
import {
  enrolmentOf,
  hashRecoveryCode,
  matchedStep,
  newRecoveryCodes,
  newTotpSecret,
  openSecret,
  sealSecret,
  secretKeyFrom,
} from './totp';
import { endOtherSessions, startSession, type SessionOrigin } from './user-sessions';

type FactorRow = typeof userSecondFactors.$inferSelect;
/** The account service's password check (under the same limiter as sign-in). */
type ProvePassword = (
  viewer: AuthUser,
  password: string,
  clientIp: string,
  field: string,
) => Promise<unknown>;

const wrongCode = (field = 'code') =>
  new AppError('BAD_REQUEST', SECOND_FACTOR_MESSAGES.wrongCode, [
    { path: field, message: SECOND_FACTOR_MESSAGES.wrongCode },
  ]);

/**
 * TOTP second factor and recovery codes (decision 0047). Every code check goes through the sign-in
 * limiter under its own account key (`totp:user:<id>`), per account and per address, so the six
 * digits cannot be guessed faster than a password.
 */
export function createSecondFactorService(
  ctx: AppContext,
  limiter: LoginLimiter,
  provePassword: ProvePassword,
) {
  const { db } = ctx;
  const key = secretKeyFrom(ctx.config.JWT_SECRET);
  const limitKey = (userId: number) => `totp:user:${userId}`;

  async function factorOf(tx: DbOrTx, userId: number): Promise<FactorRow | undefined> {
    const [row] = await tx.select().from(userSecondFactors).where(eq(userSecondFactors.userId, userId));
    return row;
  }

  /**
   * Spends `code` against the factor: a TOTP code moves `last_step` forward (a conditional update, so
   * two requests with one code cannot both pass); a recovery code is removed from the list in one
   * update. False when the code is wrong, replayed or already spent.
   */
  async function spend(tx: DbOrTx, row: FactorRow, code: string): Promise<boolean> {
    const now = ctx.now().getTime();
    if (isTotpCode(code)) {
      const step = matchedStep(openSecret(key, row.secret), code, now);
      if (step === null || !acceptsStep(timeStep(now), step, row.lastStep)) return false;
      const moved = await tx
        .update(userSecondFactors)
        .set({ lastStep: step })
        .where(and(eq(userSecondFactors.userId, row.userId), lt(userSecondFactors.lastStep, step)))
        .returning({ userId: userSecondFactors.userId });
      return moved.length > 0;
    }
    if (!row.confirmedAt) return false;
    const hash = hashRecoveryCode(code);
    const spent = await tx
      .update(userSecondFactors)
      .set({ recoveryHashes: sql`${userSecondFactors.recoveryHashes} - ${hash}::text` })
      .where(
        and(
          eq(userSecondFactors.userId, row.userId),
          sql`${userSecondFactors.recoveryHashes} @> ${JSON.stringify([hash])}::jsonb`,
        ),
      )
      .returning({ userId: userSecondFactors.userId });
    return spent.length > 0;
  }

  /** Checks a code for the user under the limiter; throws 400 (or 429) when it does not pass. */
  async function proveCode(tx: DbOrTx, row: FactorRow, code: string, clientIp: string): Promise<void> {
    const account = limitKey(row.userId);
    await limiter.assertAllowed(account, clientIp);
    if (!(await spend(tx, row, code))) {
      await limiter.fail(account, clientIp);
      throw wrongCode();
    }
    await limiter.succeed(account, clientIp);
  }

  async function status(viewer: AuthUser): Promise<SecondFactorStatus> {
    const row = await factorOf(db, viewer.id);
    const confirmed = row?.confirmedAt ?? null;
    return {
      enabled: Boolean(confirmed),
      required: ctx.config.TOTP_REQUIRED && secondFactorRequired(viewer.type, viewer.roles),
      enabledAt: confirmed?.toISOString() ?? null,
      recoveryCodesLeft: confirmed ? row!.recoveryHashes.length : 0,
    };
  }

  /** A new secret waiting for its first code; starting again replaces an unconfirmed one. */
  async function enrol(viewer: AuthUser): Promise<SecondFactorEnrolment> {
    const existing = await factorOf(db, viewer.id);
    if (existing?.confirmedAt) throw conflict(SECOND_FACTOR_MESSAGES.alreadyEnrolled);
    const secret = newTotpSecret();
    const sealed = sealSecret(key, secret);
    await db
      .insert(userSecondFactors)
      .values({ userId: viewer.id, secret: sealed, createdAt: ctx.now() })
      .onConflictDoUpdate({
        target: userSecondFactors.userId,
        set: { secret: sealed, lastStep: 0, recoveryHashes: [], createdAt: ctx.now() },
        setWhere: sql`${userSecondFactors.confirmedAt} is null`,
      });
    return enrolmentOf(secret, viewer.username);
  }

  /** The first code from the app turns the factor on and answers the recovery codes, once. */
  async function confirm(viewer: AuthUser, code: string, clientIp: string): Promise<RecoveryCodes> {
    return db.transaction(async (tx) => {
      const row = await factorOf(tx, viewer.id);
      if (!row) throw conflict(SECOND_FACTOR_MESSAGES.notEnrolled);
      if (row.confirmedAt) throw conflict(SECOND_FACTOR_MESSAGES.alreadyEnrolled);
      if (!isTotpCode(code)) throw wrongCode();
      await proveCode(tx, row, code, clientIp);
      const recoveryCodes = newRecoveryCodes();
      const on = await tx
        .update(userSecondFactors)
        .set({ confirmedAt: ctx.now(), recoveryHashes: recoveryCodes.map(hashRecoveryCode) })
        .where(and(eq(userSecondFactors.userId, viewer.id), sql`${userSecondFactors.confirmedAt} is null`))
        .returning({ userId: userSecondFactors.userId });
      if (on.length === 0) throw conflict(SECOND_FACTOR_MESSAGES.alreadyEnrolled);
      await recordChangeIn(tx, {
        action: 'second-factor-on',
        entityType: 'user',
        entityId: viewer.id,
        before: { secondFactor: false },
        after: { secondFactor: true },
      });
      return { recoveryCodes };
    });
  }

  /** A current code of the confirmed factor (after the password was proved). */
  async function proveFactor(
    tx: DbOrTx,
    viewer: AuthUser,
    code: string,
    clientIp: string,
  ): Promise<FactorRow> {
    const row = await factorOf(tx, viewer.id);
    if (!row?.confirmedAt) throw conflict(SECOND_FACTOR_MESSAGES.notEnrolled);
    await proveCode(tx, row, code, clientIp);
    return row;
  }

  /**
   * Turns the factor off with the password and a code (a stolen session alone cannot); a required
   * account is then asked to set it up again at once.
   */
  async function disable(viewer: AuthUser, password: string, code: string, clientIp: string) {
    // The password first, and outside the transaction (its check reads and limits on its own).
    await provePassword(viewer, password, clientIp, 'password');
    await db.transaction(async (tx) => {
      await proveFactor(tx, viewer, code, clientIp);
      await tx.delete(userSecondFactors).where(eq(userSecondFactors.userId, viewer.id));
      await recordChangeIn(tx, {
        action: 'second-factor-off',
        entityType: 'user',
        entityId: viewer.id,
        before: { secondFactor: true },
        after: { secondFactor: false },
      });
    });
  }

  /** New recovery codes replace every unused one. */
  async function regenerateRecoveryCodes(
    viewer: AuthUser,
    password: string,
    code: string,
    clientIp: string,
  ): Promise<RecoveryCodes> {
    await provePassword(viewer, password, clientIp, 'password');
    return db.transaction(async (tx) => {
      await proveFactor(tx, viewer, code, clientIp);
      const recoveryCodes = newRecoveryCodes();
      await tx
        .update(userSecondFactors)
        .set({ recoveryHashes: recoveryCodes.map(hashRecoveryCode) })
        .where(eq(userSecondFactors.userId, viewer.id));
      await recordChangeIn(tx, {
        action: 'recovery-codes',
        entityType: 'user',
        entityId: viewer.id,
        after: { recoveryCodes: 'replaced' },
      });
      return { recoveryCodes };
    });
  }

  /** Whether the password step must be followed by a code (the account has a confirmed factor). */
  async function hasFactor(userId: number): Promise<boolean> {
    const [row] = await db
      .select({ userId: userSecondFactors.userId })
      .from(userSecondFactors)
      .where(and(eq(userSecondFactors.userId, userId), isNotNull(userSecondFactors.confirmedAt)));
    return Boolean(row);
  }

  /** The second step of a sign-in: the password step's challenge and a code start the session. */
  async function signIn(input: SecondFactorSignInInput, origin: SessionOrigin): Promise<LoginResponse> {
    const claims = await ctx.tokens.verifyChallenge(input.challenge);
    if (!claims) throw new AppError('UNAUTHORIZED', SECOND_FACTOR_MESSAGES.challengeExpired);
    return db.transaction(async (tx) => {
      const [account] = await tx.select().from(users).where(eq(users.id, claims.id));
      // A password change or deactivation since the password step voids the challenge.
      if (!account || !account.active || account.tokenVersion !== claims.version)
        throw new AppError('UNAUTHORIZED', SECOND_FACTOR_MESSAGES.challengeExpired);
      const row = await factorOf(tx, account.id);
      if (!row?.confirmedAt) throw new AppError('UNAUTHORIZED', SECOND_FACTOR_MESSAGES.challengeExpired);
      await proveCode(tx, row, input.code, origin.address);
      return startSession(tx, ctx.tokens, account, origin, ctx.now());
    });
  }

  /**
   * A super admin clears another account's factor (a lost phone without recovery codes): every
   * session of that account ends, and at the next sign-in it is asked to set the factor up again.
   */
  async function reset(targetId: number, viewer: AuthUser): Promise<void> {
    const [target] = await db.select().from(users).where(eq(users.id, targetId));
    if (!target) throw notFound('User');
    const reason = userPolicy.denial(viewer, target);
    if (reason) throw forbidden(reason);
    if (viewer.id === targetId)
      throw conflict('Use your own Security page to change your two-step verification');
    assertRecentAuth(viewer, ctx.now());
    await db.transaction(async (tx) => {
      const removed = await tx
        .delete(userSecondFactors)
        .where(eq(userSecondFactors.userId, targetId))
        .returning({ userId: userSecondFactors.userId });
      if (removed.length === 0) throw conflict(SECOND_FACTOR_MESSAGES.notEnrolled);
      await tx
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: ctx.now() })
        .where(eq(users.id, targetId));
      await endOtherSessions(tx, targetId, null, ctx.now());
      await recordChangeIn(tx, {
        action: 'second-factor-reset',
        entityType: 'user',
        entityId: targetId,
        before: { secondFactor: true },
        after: { secondFactor: false },
      });
    });
  }

  return { status, enrol, confirm, disable, regenerateRecoveryCodes, hasFactor, signIn, reset };
}
export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
