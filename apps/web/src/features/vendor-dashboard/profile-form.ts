import { vendorProfileValues } from '../../lib/vendor-profile';
import { get, type FieldErrors, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { vendorProfileSchema, vendorSlugSchema, type User } from '@zevar/domain';

/** The vendor's own profile form: the API's profile shape, with an empty slug meaning "not chosen yet". */
export const profileFormSchema = vendorProfileSchema.extend({
  slug: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    vendorSlugSchema.nullable(),
  ),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormOutput = z.output<typeof profileFormSchema>;
export type ProfileFieldPath = FieldPath<ProfileFormInput>;

/** Labels, in form order; required fields per back-office §5. */
export const PROFILE_FIELDS = {
  slug: { label: 'Website Name', required: false },
  email: { label: 'Email', required: true },
  bussinessName: { label: 'Business Name', required: true },
  description: { label: 'Description', required: true },
  'contact.phone': { label: 'Primary Phone', required: true },
  'contact.secondaryPhone': { label: 'Secondary Phone', required: false },
  'contact.addressLine1': { label: 'Address Line 1', required: true },
  'contact.addressLine2': { label: 'Address Line 2', required: false },
  'contact.city': { label: 'City', required: true },
  'contact.state': { label: 'State', required: true },
  'contact.pincode': { label: 'PIN Code', required: true },
  'bankDetails.accountHolderName': { label: 'Account Holder Name', required: true },
  'bankDetails.accountNumber': { label: 'Account Number', required: true },
  'bankDetails.ifscCode': { label: 'IFSC Code', required: true },
  'bankDetails.bankName': { label: 'Bank Name', required: true },
  website: { label: 'Website', required: false },
  'socialLinks.facebook': { label: 'Facebook', required: false },
  'socialLinks.instagram': { label: 'Instagram', required: false },
} as const satisfies Partial<Record<ProfileFieldPath, { label: string; required: boolean }>>;
export type ProfilePath = keyof typeof PROFILE_FIELDS;

export function isProfilePath(path: string): path is ProfilePath {
  return Object.hasOwn(PROFILE_FIELDS, path);
}

/** The form starts from the stored vendor; missing values become empty strings. */
export function profileDefaults(vendor: User): ProfileFormInput {
  return {
    ...vendorProfileValues(vendor),
    socialLinks: {
      facebook: vendor.socialLinks?.facebook ?? '',
      instagram: vendor.socialLinks?.instagram ?? '',
      twitter: vendor.socialLinks?.twitter ?? '',
    },
  };
}

export function profileFieldError(
  errors: FieldErrors<ProfileFormInput>,
  path: ProfilePath,
): string | undefined {
  const error: unknown = get(errors, path);
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return undefined;
}
