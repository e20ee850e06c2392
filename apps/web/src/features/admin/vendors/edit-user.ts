import { get, type FieldErrors, type FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { adminUpdateSchema, vendorAdminUpdateSchema, vendorSlugSchema, type User } from '@zevar/domain';
import { isApiError } from '../../../lib/api';
import { USER_MSG } from './user-messages';
import { vendorProfileValues } from '../../../lib/vendor-profile';

/** An admin's vendor edit; an empty slug means none. */
export const vendorEditSchema = vendorAdminUpdateSchema.extend({
  slug: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    vendorSlugSchema.nullable(),
  ),
});
export type VendorEditInput = z.input<typeof vendorEditSchema>;
export type VendorEditOutput = z.output<typeof vendorEditSchema>;

export const adminEditSchema = adminUpdateSchema;
export type AdminEditInput = z.input<typeof adminEditSchema>;
export type AdminEditOutput = z.output<typeof adminEditSchema>;

export function vendorEditDefaults(u: User): VendorEditInput {
  return { type: 'vendor', name: u.name, active: u.active, ...vendorProfileValues(u) };
}

export function adminEditDefaults(u: User): AdminEditInput {
  return {
    type: 'admin',
    name: u.name,
    email: u.email,
    active: u.active,
    roles: u.roles.filter(
      (r): r is AdminEditOutput['roles'][number] =>
        adminUpdateSchema.shape.roles.element.safeParse(r).success,
    ),
  };
}

export function errorAt<T extends FieldValues>(errors: FieldErrors<T>, path: string): string | undefined {
  const error: unknown = get(errors, path);
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return error.message;
  return undefined;
}

/** A vendor's 409 is a duplicate slug; other failures get the vendor or the generic user message. */
export function updateErrorText(err: unknown, type: 'vendor' | 'admin'): string {
  if (type === 'admin') return USER_MSG.updateFailed;
  return isApiError(err) && err.status === 409 ? USER_MSG.slugExists : USER_MSG.vendorUpdateFailed;
}
