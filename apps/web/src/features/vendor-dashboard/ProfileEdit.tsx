import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { INDIAN_STATES, MSG, userSchema, type User } from '@zevar/domain';
import { useDialog } from '../../components/dialog/dialog-context';
import { SelectField, TextAreaField, TextField } from '../../components/FormFields';
import { isApiError, api } from '../../lib/api';
import { staleCurrent } from '../../lib/stale-edit';
import { StaleEditNotice } from '../../components/StaleEditNotice';
import {
  PROFILE_FIELDS,
  isProfilePath,
  profileDefaults,
  profileFieldError,
  profileFormSchema,
  type ProfileFormInput,
  type ProfileFormOutput,
  type ProfilePath,
} from './profile-form';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes';

export const PROFILE_MSG = {
  updated: 'Profile updated successfully',
  failed: 'Failed to update profile',
  slugExists: 'Slug already exists',
} as const;

export interface ProfileEditProps {
  vendor: User;
  onCancel: () => void;
  /** Called after a successful save with the updated vendor. */
  onSaved: (vendor: User) => void;
}

/** 409 is a duplicate slug; otherwise the server's message, else the spec's fallback. */
export function profileErrorText(err: unknown): string {
  if (isApiError(err)) {
    if (err.status === 409) return PROFILE_MSG.slugExists;
    if (err.status !== 0 && err.message) return err.message;
  }
  return PROFILE_MSG.failed;
}

/** Profile edit form (back-office §2 Profile tab, §5 required fields). */
export default function ProfileEdit({ vendor, onCancel, onSaved }: ProfileEditProps) {
  const dialog = useDialog();
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormSchema),
    mode: 'onTouched',
    defaultValues: profileDefaults(vendor),
  });
  const { register, handleSubmit, setError, formState } = form;
  // The profile as the edit started from it (its version goes with the save); after a 409, the newer one.
  const [base, setBase] = useState(vendor);
  const [stale, setStale] = useState(false);
  const { errors, isSubmitting } = formState;
  const { confirmDiscard } = useUnsavedChangesGuard(formState.isDirty && !formState.isSubmitSuccessful);
  const cancel = () => void confirmDiscard().then((discard) => discard && onCancel());

  const onValid = async (values: ProfileFormOutput) => {
    try {
      const updated = await api.put(
        `/user/${vendor.id}`,
        { ...values, version: base.version },
        { schema: userSchema },
      );
      await dialog.success(MSG.successTitle, PROFILE_MSG.updated);
      onSaved(updated);
    } catch (err) {
      const newer = staleCurrent(err, userSchema);
      if (newer) {
        setBase(newer);
        setStale(true);
        return form.reset(profileDefaults(newer));
      }
      if (isApiError(err)) {
        if (err.status === 409) setError('slug', { type: 'server', message: PROFILE_MSG.slugExists });
        for (const issue of err.issues) {
          if (isProfilePath(issue.path)) setError(issue.path, { type: 'server', message: issue.message });
        }
      }
      void dialog.error(MSG.errorTitle, profileErrorText(err));
    }
  };

  const field = (path: ProfilePath) => ({
    label: PROFILE_FIELDS[path].label,
    required: PROFILE_FIELDS[path].required,
    error: profileFieldError(errors, path),
  });
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <section aria-labelledby="profile-edit-title" className="card p-6">
      <h2 id="profile-edit-title" className="text-2xl font-semibold">
        Edit Profile
      </h2>
      <StaleEditNotice show={stale} />
      <form
        noValidate
        aria-label="Edit Profile"
        className="mt-6 space-y-8"
        onSubmit={(event) => void handleSubmit(onValid)(event)}
      >
        <Fieldset legend="Shop">
          <TextField
            {...field('slug')}
            hint={`Your shop address: ${origin}/your-website-name`}
            {...register('slug')}
          />
          <TextField label="Username" value={vendor.username} readOnly aria-readonly="true" />
          <TextField {...field('email')} type="email" autoComplete="email" {...register('email')} />
          <TextField {...field('bussinessName')} {...register('bussinessName')} />
          <TextAreaField {...field('description')} className="sm:col-span-2" {...register('description')} />
        </Fieldset>
        <Fieldset legend="Contact">
          <TextField
            {...field('contact.phone')}
            inputMode="numeric"
            maxLength={10}
            {...register('contact.phone')}
          />
          <TextField
            {...field('contact.secondaryPhone')}
            inputMode="numeric"
            maxLength={10}
            {...register('contact.secondaryPhone')}
          />
          <TextField {...field('contact.addressLine1')} {...register('contact.addressLine1')} />
          <TextField {...field('contact.addressLine2')} {...register('contact.addressLine2')} />
          <TextField {...field('contact.city')} {...register('contact.city')} />
          <SelectField
            {...field('contact.state')}
            options={INDIAN_STATES}
            placeholder="Select state"
            {...register('contact.state')}
          />
          <TextField
            {...field('contact.pincode')}
            inputMode="numeric"
            maxLength={6}
            {...register('contact.pincode')}
          />
        </Fieldset>
        <BankFieldset register={register} field={field} />
        <Fieldset legend="Online">
          <TextField {...field('website')} type="url" {...register('website')} />
          <TextField {...field('socialLinks.facebook')} {...register('socialLinks.facebook')} />
          <TextField {...field('socialLinks.instagram')} {...register('socialLinks.instagram')} />
        </Fieldset>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : 'Save'}
          </button>
          <button type="button" className="btn-outline" onClick={cancel} disabled={isSubmitting}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

type FieldProps = (path: ProfilePath) => { label: string; required: boolean; error: string | undefined };

function BankFieldset({
  register,
  field,
}: {
  register: UseFormRegister<ProfileFormInput>;
  field: FieldProps;
}) {
  return (
    <Fieldset legend="Bank Details">
      <TextField {...field('bankDetails.accountHolderName')} {...register('bankDetails.accountHolderName')} />
      <TextField
        {...field('bankDetails.accountNumber')}
        inputMode="numeric"
        {...register('bankDetails.accountNumber')}
      />
      <TextField
        {...field('bankDetails.ifscCode')}
        maxLength={11}
        style={{ textTransform: 'uppercase' }}
        {...register('bankDetails.ifscCode')}
      />
      <TextField {...field('bankDetails.bankName')} {...register('bankDetails.bankName')} />
    </Fieldset>
  );
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="text-lg font-semibold">{legend}</legend>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
