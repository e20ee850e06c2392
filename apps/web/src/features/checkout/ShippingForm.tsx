import type { UseFormReturn } from 'react-hook-form';
import { INDIAN_STATES } from '@zevar/domain';
import { SelectField, TextField } from '../../components/FormFields';
import { SHIPPING_FIELDS, type ShippingValues } from './shipping-form';

export interface ShippingFormProps {
  /** The checkout's react-hook-form (useShippingForm): the values live there, not in a copy. */
  form: UseFormReturn<ShippingValues>;
  disabled: boolean;
  /** Under the PIN code: why it cannot be delivered to (issue 22 item 6). */
  pinProblem?: string;
}

/** Full name, email, phone, street, city, state (one of the 36) and PIN code; all required. */
export function ShippingForm({ form, disabled, pinProblem }: ShippingFormProps) {
  const { errors } = form.formState;
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
      <legend className="mb-2 text-lg font-medium">Shipping Address</legend>
      {SHIPPING_FIELDS.map((f) =>
        f.name === 'state' ? (
          <SelectField
            key={f.name}
            label={f.label}
            autoComplete={f.autoComplete}
            required
            placeholder="Select state"
            options={INDIAN_STATES}
            error={errors.state?.message}
            {...form.register('state')}
          />
        ) : (
          <TextField
            key={f.name}
            label={f.label}
            type={f.type ?? 'text'}
            autoComplete={f.autoComplete}
            required
            maxLength={f.name === 'pincode' ? 6 : f.name === 'phone' ? 10 : 200}
            inputMode={f.name === 'pincode' || f.name === 'phone' ? 'numeric' : undefined}
            className={f.name === 'street' ? 'sm:col-span-2' : undefined}
            error={errors[f.name]?.message ?? (f.name === 'pincode' ? pinProblem : undefined)}
            {...form.register(f.name)}
          />
        ),
      )}
    </fieldset>
  );
}
