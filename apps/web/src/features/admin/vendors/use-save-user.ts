import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { userSchema, type User } from '@zevar/domain';
import { staleCurrent } from '../../../lib/stale-edit';
import { useDialog } from '../../../components/dialog/dialog-context';
import { isReauthCancelled, useReauth } from '../../../components/reauth/reauth-context';
import { updateErrorText } from './edit-user';
import { USER_MSG } from './user-messages';
import { usersApi } from './users-api';

/**
 * Saving an edit modal: PUT the user with the version the edit started from, refresh the lists,
 * close, and say so. When someone else saved the account meanwhile (409), nothing is saved: `stale`
 * turns true and `onStale` loads the newer values into the form. Any other failure shows the spec's
 * text for the user type after `onFailure` (e.g. marking fields) has run.
 */
export function useSaveUser(
  user: User,
  opts: {
    onClose: () => void;
    onSaved?: (u: User) => void;
    onFailure?: (err: unknown) => void;
    onStale?: (newer: User) => void;
  },
) {
  const dialog = useDialog();
  const reauth = useReauth();
  const queryClient = useQueryClient();
  // The account as the edit started from it; after a 409, the newer one.
  const [base, setBase] = useState(user);
  const [stale, setStale] = useState(false);
  const save = async (values: unknown) => {
    try {
      // A role change asks for the password again first.
      const body = { ...(values as object), version: base.version };
      const updated = await reauth(() => usersApi.update(user.id, body));
      void queryClient.invalidateQueries({ queryKey: ['admin-users'] });
      opts.onSaved?.(updated);
      opts.onClose();
      void dialog.success('Success', user.type === 'vendor' ? USER_MSG.vendorUpdated : USER_MSG.adminUpdated);
    } catch (err) {
      if (isReauthCancelled(err)) return;
      const newer = staleCurrent(err, userSchema);
      if (newer) {
        setBase(newer);
        setStale(true);
        opts.onStale?.(newer);
        void queryClient.invalidateQueries({ queryKey: ['admin-users'] });
        return;
      }
      opts.onFailure?.(err);
      void dialog.error('Error', updateErrorText(err, user.type));
    }
  };
  return { save, stale };
}
