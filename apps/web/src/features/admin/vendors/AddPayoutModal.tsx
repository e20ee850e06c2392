import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { User } from '@zevar/domain';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { useDialog } from '../../../components/dialog/dialog-context';
import { isReauthCancelled, useReauth } from '../../../components/reauth/reauth-context';
import { formatInr } from '../../../lib/format';
import { USER_MSG } from './user-messages';
import { serverMessageOr } from '../../../lib/error-text';
import { usersApi } from './users-api';

/** 'Add Payout for {vendor}': the server's preview of unpaid earnings; the server computes the payout. */
export function AddPayoutModal({ vendor, onClose }: { vendor: User; onClose: () => void }) {
  const titleId = useId();
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const preview = useQuery({
    queryKey: ['payout-preview', vendor.id],
    queryFn: () => usersApi.payoutPreview(vendor.id),
    // Computed afresh every time the modal opens: a cached preview could offer a payout already made.
    gcTime: 0,
    staleTime: 0,
  });
  const bank = vendor.bankDetails;
  const reauth = useReauth();
  const [confirming, setConfirming] = useState(false);

  /** A changed account is confirmed by an admin (after the password again) before a payout goes to it. */
  const confirmBank = async () => {
    const ok = await dialog.confirm(
      USER_MSG.confirmBankTitle,
      USER_MSG.confirmBankQuestion(vendor.bussinessName ?? vendor.name, bank?.accountNumber ?? null),
      { confirmLabel: USER_MSG.confirmBankButton },
    );
    if (!ok) return;
    setConfirming(true);
    try {
      await reauth(() => usersApi.confirmBank(vendor.id));
      await preview.refetch();
      void queryClient.invalidateQueries({ queryKey: ['admin-users'] });
      void dialog.success('Success', USER_MSG.bankConfirmed);
    } catch (err) {
      if (!isReauthCancelled(err))
        void dialog.error('Error', serverMessageOr(err, USER_MSG.confirmBankFailed));
    } finally {
      setConfirming(false);
    }
  };

  const submit = async () => {
    setSubmitting(true);
    try {
      await usersApi.createPayout(vendor.id);
      void queryClient.invalidateQueries({ queryKey: ['admin-users'] });
      void queryClient.invalidateQueries({ queryKey: ['vendor-payouts', vendor.id] });
      queryClient.removeQueries({ queryKey: ['payout-preview', vendor.id] });
      onClose();
      void dialog.success('Success', USER_MSG.payoutDone);
    } catch (err) {
      setSubmitting(false);
      void dialog.error('Error', serverMessageOr(err, USER_MSG.payoutFailed));
    }
  };

  const data = preview.data;
  return (
    <Modal labelledBy={titleId} onDismiss={onClose} className="max-w-lg!">
      <h2 id={titleId} className="text-2xl font-semibold">
        Add Payout for {vendor.bussinessName ?? vendor.name}
      </h2>
      {preview.isPending && <Spinner className="mt-4" label="Loading payout figures..." />}
      {preview.isError && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {serverMessageOr(preview.error, USER_MSG.payoutFailed)}
        </p>
      )}
      {data && (
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
          <Figure label="Amount" value={formatInr(data.amount)} strong />
          {data.owedBack > 0 && <Figure label="Owed back (refunds)" value={formatInr(data.owedBack)} />}
          <Figure label="Gross Sales" value={formatInr(data.revenue)} />
          <Figure label="Products Sold" value={String(data.productCount)} />
          <Figure label="Orders" value={String(data.orderCount)} />
          {data.reversals > 0 && (
            <>
              <Figure label="Reversals (refunds)" value={formatInr(data.reversals)} />
              <Figure label="Products Reversed" value={String(data.reversedUnits)} />
            </>
          )}
          <Figure label="Net Sales" value={formatInr(data.netSales)} />
          <Figure label="Account Holder Name" value={bank?.accountHolderName ?? '—'} />
          <Figure label="Account Number" value={bank?.accountNumber ?? '—'} />
          <Figure label="Bank Name" value={bank?.bankName ?? '—'} />
          <Figure label="IFSC Code" value={bank?.ifscCode ?? '—'} />
        </dl>
      )}
      {data && !data.eligible && data.reason && (
        <div role="alert" className="mt-4 rounded-md bg-gold-50 px-3 py-2 text-sm text-gold-900">
          <p>{data.reason}</p>
          {data.bankChangedAt !== null && !data.bankConfirmed && (
            <button
              type="button"
              className="btn-outline mt-2 text-sm"
              disabled={confirming || preview.isFetching}
              onClick={() => void confirmBank()}
            >
              {confirming ? 'Confirming...' : USER_MSG.confirmBankButton}
            </button>
          )}
        </div>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn-primary"
          disabled={!data?.eligible || preview.isFetching || submitting}
          onClick={() => void submit()}
        >
          {submitting ? 'Processing...' : 'Process Payout'}
        </button>
      </div>
    </Modal>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-taupe">{label}</dt>
      <dd className={strong ? 'text-lg font-semibold' : 'font-medium'}>{value}</dd>
    </div>
  );
}
