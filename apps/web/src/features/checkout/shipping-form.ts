import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ADDRESS_STATE_TEXT, isIndianState, MSG, PAYMENT_TEXT, pinMatchesState } from '@zevar/domain';

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

const FORMATS: Partial<Record<keyof ShippingValues, { test: RegExp; message: string }>> = {
  email: { test: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, message: MSG.email },
  phone: { test: /^\d{10}$/, message: MSG.phone10 },
  pincode: { test: /^\d{6}$/, message: PAYMENT_TEXT.invalidPin },
};

/** Whether the value is one of the 36 states and union territories (the State select's options). */
const STATE_RULE = (value: string) =>
  isIndianState(value.trim()) ? undefined : ADDRESS_STATE_TEXT.stateNotListed;

/** Field messages shown once a field is touched: 'required' only when empty, else the format. */
export function fieldError(name: keyof ShippingValues, value: string): string | undefined {
  if (value.trim() === '') return PAYMENT_TEXT.fillAllRequired;
  if (name === 'state') return STATE_RULE(value);
  const format = FORMATS[name];
  return format && !format.test.test(value.trim()) ? format.message : undefined;
}

/** A listed state and a well-formed PIN code that cannot be in it: the PIN code field's message. */
export function pinStateError(v: ShippingValues): string | undefined {
  const state = v.state.trim();
  const pin = v.pincode.trim();
  if (!isIndianState(state) || !/^\d{6}$/.test(pin) || pinMatchesState(pin, state)) return undefined;
  return ADDRESS_STATE_TEXT.pinNotInState(state);
}

/** Filled and well-formed (the submit button stays disabled until then). */
export const isValid = (v: ShippingValues) =>
  (Object.keys(v) as Array<keyof ShippingValues>).every((k) => fieldError(k, v[k]) === undefined) &&
  pinStateError(v) === undefined;

/** The check on submit: which dialog, if any, stops the payment. */
export function submitProblem(v: ShippingValues): { title: string; message: string } | null {
  if ([v.fullName, v.email, v.phone].some((x) => x.trim() === '')) {
    return { title: 'Error', message: PAYMENT_TEXT.fillAllRequired };
  }
  const format = fieldError('email', v.email) ?? fieldError('phone', v.phone);
  if (format) return { title: PAYMENT_TEXT.validationError, message: format };
  if ([v.street, v.city, v.state].some((x) => x.trim() === '')) {
    return { title: PAYMENT_TEXT.validationError, message: PAYMENT_TEXT.addressRequired };
  }
  if (!/^\d{6}$/.test(v.pincode.trim()))
    return { title: PAYMENT_TEXT.validationError, message: PAYMENT_TEXT.invalidPin };
  const place = fieldError('state', v.state) ?? pinStateError(v);
  if (place) return { title: PAYMENT_TEXT.validationError, message: place };
  return null;
}

/** The same field rules as a schema, so react-hook-form shows each message once the field is touched. */
export const shippingSchema = z
  .object({
    fullName: z.string(),
    email: z.string(),
    phone: z.string(),
    street: z.string(),
    city: z.string(),
    state: z.string(),
    pincode: z.string(),
  })
  .superRefine((v, ctx) => {
    for (const name of Object.keys(v) as Array<keyof ShippingValues>) {
      const message = fieldError(name, v[name]);
      if (message) ctx.addIssue({ code: 'custom', path: [name], message });
    }
    const mismatch = pinStateError(v);
    if (mismatch) ctx.addIssue({ code: 'custom', path: ['pincode'], message: mismatch });
  });

/** The checkout's shipping form: messages on blur (then as the shopper types), values in one place. */
export function useShippingForm() {
  return useForm<ShippingValues>({
    defaultValues: EMPTY_SHIPPING,
    mode: 'onTouched',
    resolver: zodResolver(shippingSchema),
  });
}
