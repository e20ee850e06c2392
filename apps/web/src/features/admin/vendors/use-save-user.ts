import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { isReauthCancelled, useReauth } from '../../../components/reauth/reauth-context';
import { updateErrorText } from './edit-user';
import { USER_MSG } from './user-messages';
import { usersApi } from './users-api';

/**
 * Saving an edit modal: PUT the user, refresh the lists, close, and say so; a failure shows the
 * spec's text for the user type after `onFailure` (e.g. marking fields) has run.
 */
export function useSaveUser(
  user: User,
  opts: { onClose: () => void; onSaved?: (u: User) => void; onFailure?: (err: unknown) => void },
) {
  const dialog = useDialog();
  const reauth = useReauth();
  const queryClient = useQueryClient();
  return async (values: unknown) => {
    try {
      // A role change asks for the password again first.
      const updated = await reauth(() => usersApi.update(user.id, values));
      void queryClient.invalidateQueries({ queryKey: ['admin-users'] });
      opts.onSaved?.(updated);
      opts.onClose();
      void dialog.success('Success', user.type === 'vendor' ? USER_MSG.vendorUpdated : USER_MSG.adminUpdated);
    } catch (err) {
      if (isReauthCancelled(err)) return;
      opts.onFailure?.(err);
      void dialog.error('Error', updateErrorText(err, user.type));
    }
  };
}
