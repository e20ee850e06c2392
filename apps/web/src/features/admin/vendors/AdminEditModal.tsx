import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { ADMIN_ROLES, type User } from '@zevar/domain';
import { Modal } from '../../../components/Modal';
import { StaleEditNotice } from '../../../components/StaleEditNotice';
import { TextField } from '../../../components/FormFields';
import {
  adminEditDefaults,
  adminEditSchema,
  errorAt,
  type AdminEditInput,
  type AdminEditOutput,
} from './edit-user';
import { useSaveUser } from './use-save-user';

/** Edit Admin modal: name, email, status and roles as checkboxes. */
export function AdminEditModal({
  user,
  onClose,
  onSaved,
}: {
  user: User;
  onClose: () => void;
  onSaved?: (u: User) => void;
}) {
  const titleId = useId();
  const { register, handleSubmit, formState, reset } = useForm<AdminEditInput, unknown, AdminEditOutput>({
    resolver: zodResolver(adminEditSchema),
    mode: 'onTouched',
    defaultValues: adminEditDefaults(user),
  });
  const { save, stale } = useSaveUser(user, {
    onClose,
    onSaved,
    onStale: (newer) => reset(adminEditDefaults(newer)),
  });
  const { errors, isSubmitting } = formState;

  const onValid = (values: AdminEditOutput) => save(values);

  const rolesError = errorAt(errors, 'roles');
  return (
    <Modal labelledBy={titleId} onDismiss={onClose} className="max-w-xl!">
      <h2 id={titleId} className="text-2xl font-semibold">
        Edit Admin
      </h2>
      <StaleEditNotice show={stale} />
      <form
        noValidate
        aria-label="Edit Admin"
        className="mt-4 space-y-4"
        onSubmit={(event) => void handleSubmit(onValid)(event)}
      >
        <TextField label="Name" required error={errorAt(errors, 'name')} {...register('name')} />
        <TextField
          label="Email"
          required
          type="email"
          error={errorAt(errors, 'email')}
          {...register('email')}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-gold-700" {...register('active')} /> Active
        </label>
        <fieldset aria-describedby={rolesError ? 'roles-error' : undefined}>
          <legend className="label">Roles</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {ADMIN_ROLES.map((role) => (
              <label key={role} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  value={role}
                  className="size-4 accent-gold-700"
                  {...register('roles')}
                />
                {role}
              </label>
            ))}
          </div>
          {rolesError && (
            <p id="roles-error" role="alert" className="field-error">
              {rolesError}
            </p>
          )}
        </fieldset>
        <div className="flex justify-end gap-2">
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
