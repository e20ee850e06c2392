import { z } from 'zod';
import { safeString } from './primitives';
import { MSG } from './messages';
import { adminRolesSchema, emailSchema, passwordSchema, usernameSchema } from './users';

/** Texts of the emailed one-time links (decision 0043). */
export const STAFF_MESSAGES = {
  leakedPassword:
    'This password appears in lists of leaked passwords, so it is easy to guess. Please choose another.',
  linkExpired: 'This link has expired. Please ask for a new one.',
  linkUsed: 'This link has already been used. Please ask for a new one if you still need it.',
  linkInvalid: 'This link is not valid. Please check that you copied the whole link.',
  resetRequested:
    'If an account matches what you entered, we have emailed it a link to choose a new password. Check your inbox.',
  passwordReset: 'Your password has been changed and every other session has been signed out.',
  inviteSent: (email: string) => `Invitation sent to ${email}`,
  forgotTitle: 'Forgot password?',
  resetTitle: 'Choose a new password',
  acceptTitle: 'Join the Zevar team',
  usernameTaken: 'Username already exists',
} as const;

const token = safeString({ message: MSG.required }).trim().min(20, STAFF_MESSAGES.linkInvalid).max(200);
const confirmPassword = safeString({ message: MSG.required }).min(1, MSG.required);

/** POST /api/user/invites: an admin invites a colleague by email with roles. */
export const inviteAdminSchema = z.object({
  email: emailSchema,
  name: safeString({ message: MSG.required }).trim().min(1, MSG.required).max(100, MSG.invalidInput),
  roles: adminRolesSchema,
});
export type InviteAdminInput = z.infer<typeof inviteAdminSchema>;
export const inviteSchema = z.object({
  id: z.number().int(),
  email: safeString(),
  name: safeString(),
  roles: z.array(safeString()),
  expiresAt: z.string(),
});
export type Invite = z.infer<typeof inviteSchema>;

/** GET /api/user/invites/lookup and /api/user/password-reset/lookup: whether a link still works. */
export const linkTokenQuery = z.object({ token });
export const inviteLookupSchema = z.object({
  email: safeString(),
  name: safeString(),
  roles: z.array(safeString()),
});

/** POST /api/user/invites/accept: the invitee chooses a username and a password. */
export const acceptInviteSchema = z.object({ token, username: usernameSchema, password: passwordSchema });
export const acceptInviteFormSchema = z
  .object({ username: usernameSchema, password: passwordSchema, confirmPassword })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MSG.passwordsMismatch,
  });
export type AcceptInviteFormInput = z.input<typeof acceptInviteFormSchema>;

/** POST /api/user/forgot-password: a username or an email address. */
export const forgotPasswordSchema = z.object({
  identifier: safeString({ message: MSG.required }).trim().min(1, MSG.required).max(254, MSG.invalidInput),
});
export const forgotPasswordResponseSchema = z.object({ message: safeString() });

/** POST /api/user/password-reset: the emailed token and the new password. */
export const resetWithLinkSchema = z.object({ token, password: passwordSchema });
export const resetWithLinkFormSchema = z
  .object({ password: passwordSchema, confirmPassword })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MSG.passwordsMismatch,
  });
export type ResetWithLinkFormInput = z.input<typeof resetWithLinkFormSchema>;
