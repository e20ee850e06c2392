import { z } from 'zod';
import { HTTP_URL, editVersionSchema, isoDaySchema, planSchema, safeString, URL_MESSAGE } from './primitives';
import { MSG } from './messages';
import { ADMIN_ROLES } from './roles';
import { pageQuerySchema, dbIdSchema } from './paging';
import { contactSchema, emailSchema, SLUG_PATTERN } from './users';
import { isReservedSlug } from './reserved-slugs';

const text = (max: number) => safeString().trim().max(max, MSG.invalidInput);
const requiredText = (max: number) => text(max).min(1, MSG.required);
const optionalText = (max: number) =>
  text(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
/** A vendor's web address or social link: empty, or http(s) only. */
const optionalUrl = (max: number) =>
  text(max)
    .refine((v) => v === '' || HTTP_URL.test(v), URL_MESSAGE)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const vendorSlugSchema = safeString()
  .trim()
  .toLowerCase()
  .min(3, MSG.minChars(3))
  .max(50, MSG.invalidInput)
  .regex(SLUG_PATTERN, 'Use lowercase letters, digits and single hyphens')
  .refine((s) => !isReservedSlug(s), 'This name is reserved');

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** The vendor's own profile edit: bank details are required (back-office §5). Country is always India. */
export const vendorProfileSchema = z.object({
  slug: vendorSlugSchema.optional().nullable(),
  name: requiredText(100).min(3, MSG.minChars(3)).optional(),
  email: emailSchema,
  bussinessName: requiredText(150).min(3, MSG.minChars(3)),
  description: requiredText(2000).min(20, MSG.minChars(20)),
  contact: contactSchema.transform((c) => ({ ...c, country: 'India' })),
  bankDetails: z.object({
    accountHolderName: requiredText(100),
    accountNumber: requiredText(34).regex(/^\d{6,34}$/, MSG.invalidFormat),
    ifscCode: requiredText(11)
      .transform((v) => v.toUpperCase())
      .pipe(safeString().regex(IFSC_PATTERN, MSG.invalidFormat)),
    bankName: requiredText(100),
  }),
  website: optionalUrl(300),
  socialLinks: z
    .object({ facebook: optionalUrl(300), instagram: optionalUrl(300), twitter: optionalUrl(300) })
    .optional(),
});
export type VendorProfileInput = z.infer<typeof vendorProfileSchema>;

/** An admin's edit of a vendor: the same profile, bank details optional, plus name and status. */
export const vendorAdminUpdateSchema = vendorProfileSchema.extend({
  type: z.literal('vendor'),
  name: requiredText(100).min(3, MSG.minChars(3)),
  active: z.boolean().optional(),
  bankDetails: z
    .object({
      accountHolderName: optionalText(100),
      accountNumber: optionalText(34),
      ifscCode: optionalText(11),
      bankName: optionalText(100),
    })
    .optional(),
});

export const adminUpdateSchema = z.object({
  type: z.literal('admin'),
  name: requiredText(100).min(3, MSG.minChars(3)),
  email: emailSchema,
  active: z.boolean().optional(),
  roles: z.array(z.enum(ADMIN_ROLES)).min(1, 'Select at least one role'),
});

/** Each edit names the version of the account it started from (409 with the newer account otherwise). */
const versioned = { version: editVersionSchema };
export const vendorSelfUpdateSchema = vendorProfileSchema.extend(versioned);
export const vendorUpdateByAdminSchema = vendorAdminUpdateSchema.extend(versioned);
export const adminAccountUpdateSchema = adminUpdateSchema.extend(versioned);

/** PUT /api/user/{id}: `type` says which shape. A vendor editing itself sends the profile shape. */
export const userUpdateSchema = z.union([
  vendorUpdateByAdminSchema,
  adminAccountUpdateSchema,
  vendorSelfUpdateSchema,
]);
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

const isoDate = isoDaySchema;

export const userListQuerySchema = pageQuerySchema(10, 100).extend({
  type: z.enum(['vendor', 'admin']).optional(),
  name: safeString().trim().max(100).optional(),
  active: z.enum(['true', 'false']).optional(),
});
export const userDateQuerySchema = pageQuerySchema(10, 100).extend({ date: isoDate });
export const userDateRangeQuerySchema = pageQuerySchema(10, 100)
  .extend({ startDate: isoDate, endDate: isoDate })
  .refine((q) => q.startDate <= q.endDate, {
    path: ['endDate'],
    message: 'End date must not be before start date',
  });

export const updatePlanSchema = z.object({ vendorId: dbIdSchema, plan: planSchema });
