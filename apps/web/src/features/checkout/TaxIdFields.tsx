import type { ChangeEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '../../components/FormFields';
import { formatInr } from '../../lib/format';
import type { TaxIds, TaxIdValues } from './tax-ids';

export interface TaxIdFieldsProps {
  /** The checkout's tax-id form (useTaxIdForm): the values and their messages live there. */
  form: UseFormReturn<TaxIdValues, unknown, TaxIds>;
  needsPan: boolean;
  thresholdRupees: number;
  disabled: boolean;
}

/** GSTIN for a business purchase (optional) and, above the threshold, the PAN the invoice must carry. */
export function TaxIdFields({ form, needsPan, thresholdRupees, disabled }: TaxIdFieldsProps) {
  const { errors } = form.formState;
  // Both identifiers are written in capitals: the box shows what will be printed on the invoice.
  const upperCase = (name: keyof TaxIdValues) => {
    const field = form.register(name);
    return {
      ...field,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = event.target.value.toUpperCase();
        return field.onChange(event);
      },
    };
  };
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
      <legend className="mb-2 text-lg font-medium">GST Invoice</legend>
      <TextField
        label="GSTIN (optional)"
        autoComplete="off"
        maxLength={15}
        hint="For a business purchase: printed on your tax invoice."
        error={errors.gstin?.message}
        {...upperCase('gstin')}
      />
      {needsPan && (
        <TextField
          label="PAN"
          autoComplete="off"
          required
          maxLength={10}
          hint={`Required by law for purchases above ${formatInr(thresholdRupees, 0)}. Printed only on your invoice.`}
          error={errors.pan?.message}
          {...upperCase('pan')}
        />
      )}
    </fieldset>
  );
}
