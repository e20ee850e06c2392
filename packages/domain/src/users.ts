import { z } from 'zod';
import { editVersionOut, safeString } from './primitives';
import { MSG } from './messages';
import { ADMIN_ROLES, USER_TYPES } from './roles';
import { PLANS } from './plans';
import { pagedSchema } from './paging';
import { PASSWORD_MAX_LENGTH, PASSWORD_PATTERN } from './passwords';
import { shopFaceSchema } from './shop-face';

const trimmed = safeString({ message: MSG.required }).trim();
const required = trimmed.min(1, MSG.required);
const minChars = (n: number) => required.min(n, MSG.minChars(n));

export const USERNAME_PATTERN = /^[a-zA-Z0-9._-]+$/;
export const PHONE_PATTERN = /^\d{10}$/;
export const PINCODE_PATTERN = /^\d{6}$/;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const usernameSchema = minChars(3)
  .max(50, MSG.invalidInput)
  .regex(USERNAME_PATTERN, MSG.invalidFormat);
export const passwordSchema = z
  .string({ message: MSG.required })
  .min(1, MSG.required)
  .max(PASSWORD_MAX_LENGTH, MSG.invalidInput)
  .regex(PASSWORD_PATTERN, MSG.password);
export const emailSchema = required.max(254, MSG.invalidInput).pipe(z.email(MSG.email));
export const phoneSchema = required.regex(PHONE_PATTERN, MSG.phone10);
export const optionalPhoneSchema = trimmed
  .regex(PHONE_PATTERN, MSG.phone10)
  .or(z.literal(''))
  .optional()
  .nullable();
export const pincodeSchema = required.regex(PINCODE_PATTERN, MSG.pincode6);

export const contactSchema = z.object({
  phone: phoneSchema,
  secondaryPhone: optionalPhoneSchema,
  addressLine1: required.max(200, MSG.invalidInput),
  addressLine2: trimmed.max(200, MSG.invalidInput).optional().nullable(),
  city: required.max(100, MSG.invalidInput),
  state: required.max(100, MSG.invalidInput),
  pincode: pincodeSchema,
  country: trimmed.max(60).optional().default('India'),
});
export type Contact = z.infer<typeof contactSchema>;

/** POST /api/user/register. `bussinessName` is spelt as in the specification. */
export const registerVendorSchema = z.object({
  type: z.literal('vendor').optional().default('vendor'),
  username: usernameSchema,
  password: passwordSchema,
  email: emailSchema,
  name: minChars(3).max(100, MSG.invalidInput),
  bussinessName: minChars(3).max(150, MSG.invalidInput),
  description: minChars(20).max(2000, MSG.invalidInput),
  contact: contactSchema,
});
export type RegisterVendorInput = z.infer<typeof registerVendorSchema>;

/** The browser form adds password confirmation on top of the API shape. */
export const registerFormSchema = registerVendorSchema
  .extend({ confirmPassword: safeString().min(1, MSG.required) })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MSG.passwordsMismatch,
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;

export const loginSchema = z.object({
  username: required.max(254, MSG.invalidInput),
  password: safeString({ message: MSG.required }).min(1, MSG.required).max(128, MSG.invalidInput),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const loginResponseSchema = z.object({
  token: safeString(),
  userType: z.enum(USER_TYPES),
  userId: z.number().int(),
  roles: z.array(safeString()),
  /** The account's roles need a second factor it has not set up: this session may only enrol (decision 0047). */
  enrolSecondFactor: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const verifySchema = z.object({
  emailOrId: required.max(254, MSG.invalidInput),
  password: safeString({ message: MSG.required }).min(1, MSG.required).max(128, MSG.invalidInput),
});

export const checkUsernameQuery = z.object({ username: safeString().trim().min(1).max(50) });
export const checkUsernameResponse = z.object({ available: z.boolean() });

export const bankDetailsSchema = z.object({
  bankName: trimmed.max(100).optional().nullable(),
  accountHolderName: trimmed.max(100).optional().nullable(),
  accountNumber: trimmed.max(34).optional().nullable(),
  ifscCode: trimmed.max(11).optional().nullable(),
});
export const socialLinksSchema = z.object({
  facebook: trimmed.max(300).optional().nullable(),
  instagram: trimmed.max(300).optional().nullable(),
  twitter: trimmed.max(300).optional().nullable(),
});

export const subscriptionSummarySchema = z.object({
  id: z.number().int(),
  active: z.boolean(),
  startDate: safeString().nullable(),
  endDate: safeString().nullable(),
  vendorPlan: z.object({ plan: z.enum(PLANS) }),
});

export const vendorStatsSchema = z.object({
  orderCount: z.number().int(),
  productCount: z.number().int(),
  /** 'Commission earned': the earnings ledger's sum (commission on paid orders, net of refunds), rupees. */
  revenue: z.number(),
  /** 'Commission paid out': the sum of the vendor's payouts, rupees. */
  commissionPaidOut: z.number().default(0),
  /** 'Sales': the value of the vendor's paid order lines, net of refunds, rupees. */
  sales: z.number().default(0),
  /**
   * 'Owed back': commission reversed by refunds after it was paid out (paid out minus earned, when
   * positive), rupees; the next payouts net it off. 0 when nothing is owed.
   */
  owedBack: z.number().default(0),
  lastOrderDate: safeString().nullable(),
  lastPayOutDate: safeString().nullable(),
});

/** A user as the API returns it; storage columns (hashes, flags) never appear. */
export const userSchema = z.object({
  id: z.number().int(),
  type: z.enum(['vendor', 'admin']),
  name: safeString(),
  email: safeString(),
  active: z.boolean(),
  slug: safeString().nullable(),
  createdAt: safeString(),
  username: safeString(),
  roles: z.array(safeString()),
  plan: z.enum(PLANS).nullable(),
  bussinessName: safeString().nullable(),
  description: safeString().nullable(),
  contact: contactSchema.partial().nullable(),
  bankDetails: bankDetailsSchema.nullable(),
  website: safeString().nullable(),
  socialLinks: socialLinksSchema.nullable(),
  subscriptions: z.array(subscriptionSummarySchema),
  vendorStats: vendorStatsSchema.nullable(),
  /** The version a profile or account edit must name; each saved change bumps it. */
  version: editVersionOut,
});
export type User = z.infer<typeof userSchema>;
export const pagedUsersSchema = pagedSchema(userSchema);

/** Public view of a vendor shop (GET /api/vendors/slug/{slug}). */
/** A shop as anyone may see it: no account id, owner's name, phone, email or bank details. */
export const publicVendorSchema = z.object({
  slug: safeString(),
  /** The shop's name (its business name). */
  name: safeString(),
  bussinessName: safeString().nullable(),
  description: safeString().nullable(),
  plan: z.enum(PLANS),
  contact: z.object({ city: safeString().nullable(), state: safeString().nullable() }),
  website: safeString().nullable(),
  socialLinks: socialLinksSchema.nullable(),
  /** The parts of its shop face its plan allows (the rest null): decision 0062. */
  face: shopFaceSchema,
});
export type PublicVendor = z.infer<typeof publicVendorSchema>;

export const adminRolesSchema = z.array(z.enum(ADMIN_ROLES)).min(1, 'Select at least one role');
