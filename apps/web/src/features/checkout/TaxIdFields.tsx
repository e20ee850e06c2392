import { useState } from 'react';
import { TextField } from '../../components/FormFields';
import { formatInr } from '../../lib/format';
import { gstinError, panError, type TaxIdValues } from './tax-ids';

export interface TaxIdFieldsProps {
  values: TaxIdValues;
  onChange: (values: TaxIdValues) => void;
  needsPan: boolean;
  thresholdRupees: number;
  disabled: boolean;
}

/** GSTIN for a business purchase (optional) and, above the threshold, the PAN the invoice must carry. */
export function TaxIdFields({ values, onChange, needsPan, thresholdRupees, disabled }: TaxIdFieldsProps) {
  const [touched, setTouched] = useState<Partial<Record<keyof TaxIdValues, boolean>>>({});
  const set = (name: keyof TaxIdValues, value: string) =>
    onChange({ ...values, [name]: value.toUpperCase() });
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
      <legend className="mb-2 text-lg font-medium">GST Invoice</legend>
      <TextField
        label="GSTIN (optional)"
        name="gstin"
        autoComplete="off"
        maxLength={15}
        hint="For a business purchase: printed on your tax invoice."
        value={values.gstin}
        error={touched.gstin ? gstinError(values) : undefined}
        onBlur={() => setTouched((t) => ({ ...t, gstin: true }))}
        onChange={(e) => set('gstin', e.target.value)}
      />
      {needsPan && (
        <TextField
          label="PAN"
          name="pan"
          autoComplete="off"
          required
          maxLength={10}
          hint={`Required by law for purchases above ${formatInr(thresholdRupees, 0)}. Printed only on your invoice.`}
          value={values.pan}
          error={touched.pan ? panError(values, needsPan, thresholdRupees) : undefined}
          onBlur={() => setTouched((t) => ({ ...t, pan: true }))}
          onChange={(e) => set('pan', e.target.value)}
        />
      )}
    </fieldset>
  );
}
