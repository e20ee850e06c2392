import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { User } from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { USER_MSG } from './user-messages';
import { downloadFile } from '../../../lib/download-file';
import { serverMessageOr } from '../../../lib/error-text';
import { usersApi } from './users-api';

/** Toggle, delete and downloads with the spec's confirmations and messages; lists reload afterwards. */
export function useUserActions() {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['admin-users'] }),
    [queryClient],
  );

  const toggleActive = useCallback(
    async (user: User) => {
      try {
        await usersApi.setActive(user.id, !user.active);
        refresh();
        void dialog.success('Success', user.active ? USER_MSG.deactivated : USER_MSG.activated);
      } catch (err) {
        console.error(err);
        void dialog.error('Error', USER_MSG.statusFailed);
      }
    },
    [dialog, refresh],
  );

  /** Resolves true when the user was deleted. */
  const remove = useCallback(
    async (user: User): Promise<boolean> => {
      const ok = await dialog.confirm('Confirm Delete', USER_MSG.confirmDelete(user.type, user.name));
      if (!ok) return false;
      try {
        await usersApi.remove(user.id);
        refresh();
        void dialog.success('Success', USER_MSG.deleted);
        return true;
      } catch (err) {
        console.error(err);
        void dialog.error('Error', serverMessageOr(err, USER_MSG.deleteFailed));
        return false;
      }
    },
    [dialog, refresh],
  );

  const downloadVendors = useCallback(async () => {
    try {
      await downloadFile('/user/download', 'vendors.xlsx');
    } catch (err) {
      void dialog.error('Error', serverMessageOr(err, USER_MSG.downloadVendorsFailed));
    }
  }, [dialog]);

  const downloadPayouts = useCallback(async () => {
    try {
      await downloadFile('/vendor-payouts/download', 'payout-history.xlsx');
    } catch (err) {
      void dialog.error('Error', serverMessageOr(err, USER_MSG.downloadPayoutsFailed));
    }
  }, [dialog]);

  return { toggleActive, remove, downloadVendors, downloadPayouts, refresh };
}
