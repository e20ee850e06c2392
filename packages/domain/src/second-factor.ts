import { z } from 'zod';
import { safeString } from './primitives';
import { MSG } from './messages';
import { USER_TYPES, type UserType } from './roles';

/**
 * The second factor (decision 0047): TOTP codes (RFC 6238, 30-second steps, six digits) with
 * one-time recovery codes, and the list of a user's sessions.
 */

/** Roles that must sign in with a second factor: every power (SUPER_ADMIN) and money (refunds, payouts). */
export const SECOND_FACTOR_ROLES = ['SUPER_ADMIN', 'MANAGE_ORDERS', 'MANAGE_VENDORS'] as const;

/** Whether an account must have a second factor (when the requirement is on): admins holding a money role. */
export function secondFactorRequired(type: UserType, roles: readonly string[]): boolean {
  return type === 'ADMIN' && roles.some((r) => (SECOND_FACTOR_ROLES as readonly string[]).includes(r));
}

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one are accepted too (a clock off by up to 30 s). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

/** The 30-second time step a moment falls in (RFC 6238's T). */
export function timeStep(ms: number): number {
  return Math.floor(ms / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * Whether a code that matched `matchedStep` may be accepted now: it must lie within the window
 * around the current step, and be later than the last step accepted for the account, so a code seen
 * once (over a shoulder, in a proxy's log) cannot be used again, nor an older one after a newer.
 */
export function acceptsStep(currentStep: number, matchedStep: number, lastStep: number): boolean {
  return Math.abs(matchedStep - currentStep) <= TOTP_WINDOW && matchedStep > lastStep;
}

/** A recovery code as stored and compared: letters and digits only, lower case (dashes and spaces are for reading). */
export function normalizeRecoveryCode(code: string): string {
  return code.normalize('NFKC').replace(/[\s-]/g, '').toLowerCase();
}

/** Whether a typed code is a six-digit TOTP code (else it is tried as a recovery code). */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ''));
}

export const SECOND_FACTOR_MESSAGES = {
  title: 'Security',
  signInTitle: 'Two-step verification',
  signInHint: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  wrongCode: 'That code is not valid or has already been used. Please try the current code.',
  challengeExpired: 'Your sign-in took too long. Please enter your password again.',
  enrolRequired:
    'Your role needs two-step verification. Set it up now to continue: nothing else can be done until it is on.',
  enrolled: 'Two-step verification is on.',
  disabled: 'Two-step verification is off.',
  alreadyEnrolled: 'Two-step verification is already on. Turn it off first to set it up again.',
  notEnrolled: 'Two-step verification is not set up for this account.',
  requiredCannotDisable:
    'Your role requires two-step verification. Set it up again with a new device instead of turning it off.',
  recoveryShownOnce:
    'Save these recovery codes somewhere safe. Each works once, in place of a code, if you lose your device. They will not be shown again.',
  resetDone: 'Two-step verification was reset. The user sets it up again at their next sign-in.',
  sessionsTitle: 'Signed-in sessions',
  sessionEnded: 'Session signed out.',
  noSessions: 'No other sessions.',
} as const;

const code = safeString({ message: MSG.required })
  .trim()
  .min(6, SECOND_FACTOR_MESSAGES.wrongCode)
  .max(40, SECOND_FACTOR_MESSAGES.wrongCode);
const password = safeString({ message: MSG.required }).min(1, MSG.required).max(200);

/** POST /api/user/login answers this instead of a session when the account has a second factor. */
export const secondFactorChallengeSchema = z.object({
  secondFactor: z.literal('required'),
  /** A signed, five-minute proof that the password was right; sent back with the code. */
  challenge: safeString(),
  userType: z.enum(USER_TYPES),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;

/** POST /api/user/login/second-factor: the challenge and a TOTP or recovery code. */
export const secondFactorSignInSchema = z.object({
  challenge: safeString({ message: MSG.required }).min(20).max(2000),
  code,
});
export type SecondFactorSignInInput = z.infer<typeof secondFactorSignInSchema>;

/** POST /api/user/second-factor/confirm: the first code from the app confirms the enrolment. */
export const confirmSecondFactorSchema = z.object({ code });
/** POST /api/user/second-factor/disable and …/recovery-codes: the password and a code (or a recovery code). */
export const disableSecondFactorSchema = z.object({ password, code });
export type DisableSecondFactorInput = z.infer<typeof disableSecondFactorSchema>;

export const secondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Whether the account's roles require it (and the requirement is on). */
  required: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** POST /api/user/second-factor/enrol: a new secret, as a QR code (SVG) and typed out. */
export const secondFactorEnrolmentSchema = z.object({
  secret: safeString(),
  otpauthUrl: safeString(),
  qrSvg: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentSchema>;

/** The recovery codes, answered once (at confirmation and on regeneration). */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(safeString()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const userSessionSchema = z.object({
  id: safeString(),
  userAgent: z.string().nullable(),
  address: z.string().nullable(),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;
export const userSessionsSchema = z.array(userSessionSchema);
export const sessionIdParams = z.object({ sessionId: safeString().trim().min(10).max(64) });
