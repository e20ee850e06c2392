import { z } from 'zod';
import { safeString } from './primitives';
import { MSG } from './messages';
import { loginResponseSchema, passwordSchema } from './users';

const currentPassword = safeString({ message: MSG.required }).min(1, MSG.required).max(128, MSG.invalidInput);

/** POST /api/user/change-password: the signed-in user's own password; the current one is required. */
export const changePasswordSchema = z
  .object({ currentPassword, newPassword: passwordSchema })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ['newPassword'],
    message: 'The new password must differ from the current one',
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The browser form adds a confirmation field. */
export const changePasswordFormSchema = z
  .object({
    currentPassword,
    newPassword: passwordSchema,
    confirmPassword: safeString().min(1, MSG.required),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MSG.passwordsMismatch,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ['newPassword'],
    message: 'The new password must differ from the current one',
  });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;

/** POST /api/user/reauth: the password again, before a role change or a refund. */
export const reauthSchema = z.object({ password: currentPassword });

/** A new token for this browser (the others' sessions have ended). */
export const sessionTokenSchema = loginResponseSchema;

/** POST /api/user/{id}/reset-password: a one-time password the admin hands over; shown once. */
export const passwordResetResponseSchema = z.object({ temporaryPassword: safeString() });

export const ACCOUNT_MESSAGES = {
  passwordChanged: 'Your password has been changed. You have been signed out on every other device.',
  wrongCurrentPassword: 'The current password is not correct',
  reauthTitle: 'Confirm with your password',
  reauthPrompt: 'For your safety, please enter your password again to continue.',
  signedOutEverywhere: 'The user has been signed out on every device.',
} as const;
