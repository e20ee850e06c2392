import { useState } from 'react';
import { ACCOUNT_MESSAGES, SECOND_FACTOR_MESSAGES, type User } from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { isReauthCancelled, useReauth } from '../../../components/reauth/reauth-context';
import { serverMessageOr } from '../../../lib/error-text';
import { getUserId, hasPermission } from '../../../lib/storage';
import { usersApi } from './users-api';

/**
 * Credentials of another user: sign them out on every device, or give them a new one-time password
 * (shown once; handing it over is the admin's job until emailed resets exist, issue 23).
 */
export function AccountActions({ user }: { user: User }) {
  const dialog = useDialog();
  const reauth = useReauth();
  const [busy, setBusy] = useState(false);
  if (user.id === getUserId()) return null;

  const act = async (run: () => Promise<void>, failed: string) => {
    setBusy(true);
    try {
      await run();
    } catch (err) {
      if (!isReauthCancelled(err)) void dialog.error('Error', serverMessageOr(err, failed));
    } finally {
      setBusy(false);
    }
  };

  const signOut = async () => {
    const ok = await dialog.confirm(
      'Sign Out Everywhere',
      `Sign ${user.name} out on every device? They can sign in again with their password.`,
      { confirmLabel: 'Sign Out' },
    );
    if (!ok) return;
    await act(async () => {
      await usersApi.signOutEverywhere(user.id);
      void dialog.success('Success', ACCOUNT_MESSAGES.signedOutEverywhere);
    }, 'Failed to sign the user out');
  };

  const reset = async () => {
    const ok = await dialog.confirm(
      'Reset Password',
      `Replace ${user.name}'s password with a new one-time password? They are signed out on every device.`,
      { confirmLabel: 'Reset Password' },
    );
    if (!ok) return;
    await act(async () => {
      const { temporaryPassword } = await reauth(() => usersApi.resetPassword(user.id));
      void dialog.success(
        'Password Reset',
        `The new password for ${user.username} is:\n${temporaryPassword}\nIt is shown only now. Give it to them in person or by phone, and ask them to change it after signing in.`,
      );
    }, 'Failed to reset the password');
  };

  const resetSecondFactor = async () => {
    const ok = await dialog.confirm(
      'Reset Two-Step Verification',
      `Clear ${user.name}'s two-step verification (a lost phone)? They are signed out on every device and set it up again at their next sign-in.`,
      { confirmLabel: 'Reset' },
    );
    if (!ok) return;
    await act(async () => {
      await reauth(() => usersApi.resetSecondFactor(user.id));
      void dialog.success('Success', SECOND_FACTOR_MESSAGES.resetDone);
    }, 'Failed to reset two-step verification');
  };

  return (
    <>
      <button type="button" className="btn-outline" disabled={busy} onClick={() => void signOut()}>
        Sign Out Everywhere
      </button>
      <button type="button" className="btn-outline" disabled={busy} onClick={() => void reset()}>
        Reset Password
      </button>
      {hasPermission('SUPER_ADMIN') && (
        <button
          type="button"
          className="btn-outline"
          disabled={busy}
          onClick={() => void resetSecondFactor()}
        >
          Reset Two-Step Verification
        </button>
      )}
    </>
  );
}
