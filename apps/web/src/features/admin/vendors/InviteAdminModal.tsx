import { useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  ADMIN_ROLES,
  MSG,
  STAFF_MESSAGES,
  inviteAdminSchema,
  inviteSchema,
  type InviteAdminInput,
} from '@zevar/domain';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/FormFields';
import { ApiError, SERVER_NOT_RESPONDING, api } from '../../../lib/api';
import { getUserRoles } from '../../../lib/storage';
import { isReauthCancelled, useReauth } from '../../../components/reauth/reauth-context';

/**
 * Invite Admin: a colleague's email, name and roles; the server emails a one-time link (decision
 * 0043). SUPER_ADMIN is offered only to a super admin, as the server allows only that.
 */
export function InviteAdminModal({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const [sent, setSent] = useState('');
  const [failure, setFailure] = useState('');
  const reauth = useReauth();
  const isSuper = getUserRoles().includes('SUPER_ADMIN');
  const roles = ADMIN_ROLES.filter((r) => isSuper || r !== 'SUPER_ADMIN');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<InviteAdminInput>({
    resolver: zodResolver(inviteAdminSchema),
    mode: 'onTouched',
    defaultValues: { email: '', name: '', roles: [] },
  });

  const onValid = async (values: InviteAdminInput) => {
    setFailure('');
    try {
      // An invitation grants roles: the server asks for the password again, as for a role change.
      const invite = await reauth(() => api.post('/user/invites', values, { schema: inviteSchema }));
      setSent(STAFF_MESSAGES.inviteSent(invite.email));
    } catch (err) {
      if (isReauthCancelled(err)) return;
      setFailure(
        err instanceof ApiError ? (err.status === 0 ? SERVER_NOT_RESPONDING : err.message) : MSG.genericError,
      );
    }
  };

  return (
    <Modal labelledBy={titleId} onDismiss={onClose} className="max-w-xl!">
      <h2 id={titleId} className="text-2xl font-semibold">
        Invite Admin
      </h2>
      {sent ? (
        <>
          <p role="status" className="mt-4 rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            {sent}
          </p>
          <div className="mt-4 flex justify-end">
            <button type="button" className="btn-primary" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      ) : (
        <form
          noValidate
          aria-label="Invite Admin"
          className="mt-4 space-y-4"
          onSubmit={(event) => void handleSubmit(onValid)(event)}
        >
          <TextField label="Name" required error={errors.name?.message} {...register('name')} />
          <TextField
            label="Email"
            required
            type="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <fieldset aria-describedby={errors.roles ? 'invite-roles-error' : undefined}>
            <legend className="label">Roles</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {roles.map((role) => (
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
            {errors.roles && (
              <p id="invite-roles-error" role="alert" className="field-error">
                {errors.roles.message}
              </p>
            )}
          </fieldset>
          {failure && (
            <p role="alert" className="text-sm text-red-700">
              {failure}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-outline" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={isSubmitting}>
              {isSubmitting ? 'Sending...' : 'Send invitation'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
