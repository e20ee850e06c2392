import { get, type FieldErrors, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import type { RegisterFormInput, RegisterVendorInput, registerFormSchema } from '@zevar/domain';

export type RegisterFormOutput = z.output<typeof registerFormSchema>;
export type RegisterFieldPath = FieldPath<RegisterFormInput>;

/** Field labels, in form order; also the order of the 'Form Validation Error' list. */
export const REGISTER_FIELD_LABELS = {
  username: 'Username',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  name: 'Full Name',
  bussinessName: 'Business Name',
  description: 'Description',
  'contact.phone': 'Phone',
  'contact.secondaryPhone': 'Secondary Phone',
  'contact.addressLine1': 'Address Line 1',
  'contact.addressLine2': 'Address Line 2',
  'contact.city': 'City',
  'contact.state': 'State',
  'contact.pincode': 'Pincode',
} as const satisfies Partial<Record<RegisterFieldPath, string>>;

export type LabelledPath = keyof typeof REGISTER_FIELD_LABELS;

export function isLabelledPath(path: string): path is LabelledPath {
  return Object.hasOwn(REGISTER_FIELD_LABELS, path);
}

export const REGISTER_DEFAULTS: RegisterFormInput = {
  username: '',
  password: '',
  confirmPassword: '',
  email: '',
  name: '',
  bussinessName: '',
  description: '',
  contact: {
    phone: '',
    secondaryPhone: '',
    addressLine1: '',
    addressLine2: '',
    city: '',
    state: '',
    pincode: '',
    country: 'India',
  },
};

/** The message of the error at a (possibly nested) field path. */
export function fieldError(errors: FieldErrors<RegisterFormInput>, path: LabelledPath): string | undefined {
  const error: unknown = get(errors, path);
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return undefined;
}

/** 'Username: Minimum 3 characters required' lines for every failing field, in form order. */
export function describeErrors(errors: FieldErrors<RegisterFormInput>): string[] {
  const lines: string[] = [];
  for (const [path, label] of Object.entries(REGISTER_FIELD_LABELS)) {
    const message = isLabelledPath(path) ? fieldError(errors, path) : undefined;
    if (message) lines.push(`${label}: ${message}`);
  }
  return lines;
}

/** The API shape of POST /api/user/register; empty optional fields are sent as null. */
export function toRegisterPayload(values: RegisterFormOutput): RegisterVendorInput {
  const { confirmPassword: _confirmPassword, ...vendor } = values;
  return {
    ...vendor,
    type: 'vendor',
    contact: {
      ...vendor.contact,
      secondaryPhone: vendor.contact.secondaryPhone || null,
      addressLine2: vendor.contact.addressLine2 || null,
      country: 'India',
    },
  };
}

/** Server issue paths ('contact.phone', 'body.username') mapped onto form fields. */
export function issueFieldPath(path: string): LabelledPath | null {
  const normalised = path.replace(/^body\./, '').replace(/\[(\d+)\]/g, '.$1');
  return isLabelledPath(normalised) ? normalised : null;
}
