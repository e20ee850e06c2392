import { MSG, PAYMENT_TEXT } from '@zevar/domain';

export type ShippingValues = {
  fullName: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  pincode: string;
};

export const EMPTY_SHIPPING: ShippingValues = {
  fullName: '',
  email: '',
  phone: '',
  street: '',
  city: '',
  state: '',
  pincode: '',
};

export const SHIPPING_FIELDS: Array<{
  name: keyof ShippingValues;
  label: string;
  type?: string;
  autoComplete: string;
}> = [
  { name: 'fullName', label: 'Full Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'street', label: 'Street Address', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'pincode', label: 'PIN Code', autoComplete: 'postal-code' },
];

/** Every field has something typed in (the submit button stays disabled until then). */
export const allFilled = (v: ShippingValues) => Object.values(v).every((x) => x.length > 0);

/** Field messages shown once a field is touched. */
export function fieldError(name: keyof ShippingValues, value: string): string | undefined {
  if (value.trim() === '') return PAYMENT_TEXT.fillAllRequired;
  if (name === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())) return MSG.email;
  if (name === 'phone' && !/^\d{10}$/.test(value.trim())) return MSG.phone10;
  return undefined;
}

/** The check on submit: which dialog, if any, stops the payment. */
export function submitProblem(v: ShippingValues): { title: string; message: string } | null {
  if (
    [v.fullName, v.email, v.phone].some((x) => x.trim() === '') ||
    fieldError('email', v.email) ||
    fieldError('phone', v.phone)
  ) {
    return { title: 'Error', message: PAYMENT_TEXT.fillAllRequired };
  }
  if ([v.street, v.city, v.state].some((x) => x.trim() === '')) {
    return { title: PAYMENT_TEXT.validationError, message: PAYMENT_TEXT.addressRequired };
  }
  if (!/^\d{6}$/.test(v.pincode.trim()))
    return { title: PAYMENT_TEXT.validationError, message: PAYMENT_TEXT.invalidPin };
  return null;
}
