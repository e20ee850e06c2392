import { useState } from 'react';
import { TextField } from '../../components/FormFields';
import { SHIPPING_FIELDS, fieldError, type ShippingValues } from './shipping-form';

export interface ShippingFormProps {
  values: ShippingValues;
  onChange: (values: ShippingValues) => void;
  disabled: boolean;
}

/** Full name, email, phone, street, city, state (free text) and PIN code; all required. */
export function ShippingForm({ values, onChange, disabled }: ShippingFormProps) {
  const [touched, setTouched] = useState<Partial<Record<keyof ShippingValues, boolean>>>({});
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
      <legend className="mb-2 text-lg font-medium">Shipping Address</legend>
      {SHIPPING_FIELDS.map((f) => (
        <TextField
          key={f.name}
          label={f.label}
          name={f.name}
          type={f.type ?? 'text'}
          autoComplete={f.autoComplete}
          required
          maxLength={f.name === 'pincode' ? 6 : f.name === 'phone' ? 10 : 200}
          inputMode={f.name === 'pincode' || f.name === 'phone' ? 'numeric' : undefined}
          className={f.name === 'street' ? 'sm:col-span-2' : undefined}
          value={values[f.name]}
          error={touched[f.name] ? fieldError(f.name, values[f.name]) : undefined}
          onBlur={() => setTouched((t) => ({ ...t, [f.name]: true }))}
          onChange={(e) => onChange({ ...values, [f.name]: e.target.value })}
        />
      ))}
    </fieldset>
  );
}
