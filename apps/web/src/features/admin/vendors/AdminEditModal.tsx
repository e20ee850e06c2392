import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { ADMIN_ROLES, type User } from '@zevar/domain';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/FormFields';
import { useDialog } from '../../../components/dialog/dialog-context';
import {
  adminEditDefaults,
  adminEditSchema,
  errorAt,
  updateErrorText,
  type AdminEditInput,
  type AdminEditOutput,
} from './edit-user';
import { USER_MSG } from './user-messages';
import { usersApi } from './users-api';

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
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState } = useForm<AdminEditInput, unknown, AdminEditOutput>({
    resolver: zodResolver(adminEditSchema),
    mode: 'onTouched',
    defaultValues: adminEditDefaults(user),
  });
  const { errors, isSubmitting } = formState;

  const onValid = async (values: AdminEditOutput) => {
    try {
      const updated = await usersApi.update(user.id, values);
      void queryClient.invalidateQueries({ queryKey: ['admin-users'] });
      onSaved?.(updated);
      onClose();
      void dialog.success('Success', USER_MSG.adminUpdated);
    } catch (err) {
      void dialog.error('Error', updateErrorText(err, 'admin'));
    }
  };

  const rolesError = errorAt(errors, 'roles');
  return (
    <Modal labelledBy={titleId} onDismiss={onClose} className="max-w-xl!">
      <h2 id={titleId} className="text-2xl font-semibold">
        Edit Admin
      </h2>
      <form noValidate aria-label="Edit Admin" className="mt-4 space-y-4" onSubmit={handleSubmit(onValid)}>
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
