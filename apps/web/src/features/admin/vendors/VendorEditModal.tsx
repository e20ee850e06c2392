import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { INDIAN_STATES, type User } from '@zevar/domain';
import { Modal } from '../../../components/Modal';
import { StaleEditNotice } from '../../../components/StaleEditNotice';
import { SelectField, TextAreaField, TextField } from '../../../components/FormFields';
import { isApiError } from '../../../lib/api';
import {
  errorAt,
  vendorEditDefaults,
  vendorEditSchema,
  type VendorEditInput,
  type VendorEditOutput,
} from './edit-user';
import { USER_MSG } from './user-messages';
import { useSaveUser } from './use-save-user';

type Field = { path: Path<VendorEditInput>; label: string; required?: boolean; wide?: boolean };

const FIELDS: readonly Field[] = [
  { path: 'name', label: 'Name', required: true },
  { path: 'email', label: 'Email', required: true },
  { path: 'slug', label: 'Website Name (slug)' },
  { path: 'bussinessName', label: 'Business Name', required: true },
  { path: 'contact.phone', label: 'Primary Phone', required: true },
  { path: 'contact.secondaryPhone', label: 'Secondary Phone' },
  { path: 'contact.addressLine1', label: 'Address Line 1', required: true },
  { path: 'contact.addressLine2', label: 'Address Line 2' },
  { path: 'contact.city', label: 'City', required: true },
  { path: 'contact.pincode', label: 'PIN Code', required: true },
  { path: 'bankDetails.accountHolderName', label: 'Account Holder Name' },
  { path: 'bankDetails.accountNumber', label: 'Account Number' },
  { path: 'bankDetails.ifscCode', label: 'IFSC Code' },
  { path: 'bankDetails.bankName', label: 'Bank Name' },
  { path: 'website', label: 'Website', wide: true },
];

/** Edit Vendor modal: PUT /api/user/{id} with {type:'vendor', ...}. */
export function VendorEditModal({
  user,
  onClose,
  onSaved,
}: {
  user: User;
  onClose: () => void;
  onSaved?: (u: User) => void;
}) {
  const titleId = useId();
  const { register, handleSubmit, setError, formState, reset } = useForm<
    VendorEditInput,
    unknown,
    VendorEditOutput
  >({
    resolver: zodResolver(vendorEditSchema),
    mode: 'onTouched',
    defaultValues: vendorEditDefaults(user),
  });
  const { errors, isSubmitting } = formState;

  const { save, stale } = useSaveUser(user, {
    onClose,
    onSaved,
    onStale: (newer) => reset(vendorEditDefaults(newer)),
    onFailure: (err) => {
      if (!isApiError(err)) return;
      if (err.status === 409) setError('slug', { type: 'server', message: USER_MSG.slugExists });
      for (const issue of err.issues)
        setError(issue.path as Path<VendorEditInput>, { type: 'server', message: issue.message });
    },
  });
  const onValid = (values: VendorEditOutput) => save(values);

  return (
    <Modal labelledBy={titleId} onDismiss={onClose} className="max-w-3xl!">
      <h2 id={titleId} className="text-2xl font-semibold">
        Edit Vendor
      </h2>
      <StaleEditNotice show={stale} />
      <form
        noValidate
        aria-label="Edit Vendor"
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => void handleSubmit(onValid)(event)}
      >
        {FIELDS.map((f) => (
          <TextField
            key={f.path}
            label={f.label}
            required={f.required}
            className={f.wide ? 'sm:col-span-2' : undefined}
            error={errorAt(errors, f.path)}
            {...register(f.path)}
          />
        ))}
        <SelectField
          label="State"
          required
          options={INDIAN_STATES}
          placeholder="Select state"
          error={errorAt(errors, 'contact.state')}
          {...register('contact.state')}
        />
        <TextAreaField
          label="Description"
          required
          className="sm:col-span-2"
          error={errorAt(errors, 'description')}
          {...register('description')}
        />
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" className="size-4 accent-gold-700" {...register('active')} /> Active
        </label>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <button type="button" className="btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
