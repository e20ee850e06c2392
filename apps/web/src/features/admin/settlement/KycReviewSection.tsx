import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  KYC_TEXT,
  KYC_STATUSES,
  KYC_STATUS_LABELS,
  NAME_MATCH_THRESHOLD,
  maskPan,
  type Kyc,
  type KycStatus,
} from '@zevar/domain';
import { PageSpinner } from '../../../components/Spinner';
import { StackedCell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { useDialog } from '../../../components/dialog/dialog-context';
import { useLoadFailureDialog } from '../../../components/dialog/use-load-failure-dialog';
import { isReauthCancelled, useReauth } from '../../../components/reauth/reauth-context';
import { serverMessageOr } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { ReasonDialog } from '../../../components/dialog/ReasonDialog';
import { SETTLEMENT_MSG, settlementApi } from './settlement-api';

const CHECK_LABELS: Record<Kyc['check']['status'], string> = {
  VERIFIED: 'Verified by penny drop',
  FAILED: 'Penny drop failed',
  PENDING: 'Penny drop pending',
  UNSUPPORTED: 'No penny drop (manual transfer): confirm the account by hand',
  UNAVAILABLE: 'The payout provider could not be reached',
};

const STATUS_TONE: Record<KycStatus, string> = {
  PENDING_VERIFICATION: 'bg-amber-100 text-amber-900',
  VERIFICATION_FAILED: 'bg-red-100 text-red-800',
  AWAITING_APPROVAL: 'bg-sky-100 text-sky-900',
  APPROVED: 'bg-green-100 text-green-800',
  REJECTED: 'bg-red-100 text-red-800',
};

function KycStatusBadge({ status }: { status: KycStatus }) {
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`}>
      {KYC_STATUS_LABELS[status]}
    </span>
  );
}

/** KYC review (issue 24 item 3): resellers' KYC by state; an admin checks, approves or rejects it. */
export default function KycReviewSection() {
  const [status, setStatus] = useState<KycStatus | ''>('');
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery({
    queryKey: ['kyc', 'list', status],
    queryFn: () => settlementApi.kycList(status || undefined),
  });
  useLoadFailureDialog(list.isError, SETTLEMENT_MSG.kycLoadFailed);
  const open = list.data?.find((k) => k.vendorId === openId) ?? null;

  return (
    <section aria-labelledby="kyc-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="kyc-title" className="text-2xl font-semibold">
          KYC review
        </h2>
        <label className="flex flex-col text-sm font-medium">
          Status
          <select
            className="input mt-1"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as KycStatus | '');
              setOpenId(null);
            }}
          >
            <option value="">All</option>
            {KYC_STATUSES.map((s) => (
              <option key={s} value={s}>
                {KYC_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="text-sm text-taupe">
        A reseller is paid only after its KYC is approved. Approving confirms the bank account the penny drop
        checked; a changed bank account holds payouts until it is approved again.
      </p>
      {list.isPending && <PageSpinner label="Loading KYC..." />}
      {list.data?.length === 0 && (
        <p className="card p-6 text-center text-taupe">{SETTLEMENT_MSG.kycEmpty}</p>
      )}
      {list.data && list.data.length > 0 && (
        <StackedTable
          headers={['Reseller', 'Status', 'PAN', 'Bank account', 'Submitted', 'Actions']}
          minWidth="sm:min-w-[720px]"
        >
          {list.data.map((k) => (
            <StackedRow key={k.vendorId}>
              <StackedCell label="Reseller">
                <span className="font-semibold">{k.vendorName}</span>
                {k.bankChangedSinceKyc && (
                  <span className="block text-xs text-red-700">Bank account changed</span>
                )}
              </StackedCell>
              <StackedCell label="Status">
                <KycStatusBadge status={k.status} />
              </StackedCell>
              <StackedCell label="PAN">{maskPan(k.pan)}</StackedCell>
              <StackedCell label="Bank">
                {k.bankName ?? k.ifsc} {k.accountNumber}
              </StackedCell>
              <StackedCell label="Submitted">{formatDateTime(k.submittedAt)}</StackedCell>
              <StackedCell>
                <button
                  type="button"
                  className="btn-outline"
                  aria-label={`Review KYC of ${k.vendorName}`}
                  aria-expanded={openId === k.vendorId}
                  onClick={() => setOpenId(openId === k.vendorId ? null : k.vendorId)}
                >
                  Review
                </button>
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
      {open && <KycDetail kyc={open} onClose={() => setOpenId(null)} />}
    </section>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-taupe uppercase">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function KycDetail({ kyc, onClose }: { kyc: Kyc; onClose: () => void }) {
  const dialog = useDialog();
  const reauth = useReauth();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['kyc'] });
  const act = useMutation({
    mutationFn: (run: () => Promise<Kyc>) => run(),
    onSuccess: async (saved) => {
      await refresh();
      void dialog.success('Success', `KYC of ${saved.vendorName}: ${KYC_STATUS_LABELS[saved.status]}`);
    },
    onError: (err) => {
      if (!isReauthCancelled(err))
        void dialog.error('Error', serverMessageOr(err, 'Failed to update the KYC'));
    },
  });
  const approve = async () => {
    const ok = await dialog.confirm(
      'Approve KYC',
      `Approve the KYC of ${kyc.vendorName}? Payouts go to the account ending ${kyc.accountNumber.slice(-4)} at ${kyc.bankName ?? kyc.ifsc}.`,
      { confirmLabel: 'Approve' },
    );
    if (ok) act.mutate(() => reauth(() => settlementApi.approveKyc(kyc.vendorId)));
  };
  const match = kyc.check.nameMatch;
  const titleId = `kyc-detail-${kyc.vendorId}`;
  return (
    <article aria-labelledby={titleId} className="card space-y-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-xl font-semibold">
          KYC of {kyc.vendorName}
        </h3>
        <button type="button" className="btn-outline" onClick={onClose}>
          Close
        </button>
      </div>
      {kyc.bankChangedSinceKyc && (
        <p role="status" className="rounded bg-red-50 p-3 text-sm text-red-800">
          The reseller’s profile names another bank account than this KYC checked: payouts wait until the
          reseller submits KYC again and it is approved.
        </p>
      )}
      <dl className="grid gap-3 sm:grid-cols-2">
        <Field label="Status">
          <KycStatusBadge status={kyc.status} />
        </Field>
        <Field label="PAN">
          {maskPan(kyc.pan)} ({kyc.panHolderType})
        </Field>
        <Field label="Legal name">{kyc.legalName}</Field>
        <Field label="GSTIN">{kyc.gstin ?? 'Not registered'}</Field>
        <Field label="Account holder">{kyc.accountHolderName}</Field>
        <Field label="Bank account">
          {kyc.accountNumber}
          {kyc.bankName ? `, ${kyc.bankName}` : ''}
        </Field>
        <Field label="IFSC">{kyc.ifsc}</Field>
        <Field label="Submitted">{formatDateTime(kyc.submittedAt)}</Field>
      </dl>
      <div className="rounded border border-sand p-3 text-sm">
        <p className="font-semibold">Penny drop: {CHECK_LABELS[kyc.check.status]}</p>
        {kyc.check.registeredName && (
          <p>
            Name at the bank: {kyc.check.registeredName}
            {match !== null && (
              <span
                className={match >= NAME_MATCH_THRESHOLD ? 'text-green-800' : 'font-semibold text-red-700'}
              >
                {' '}
                ({Math.round(match * 100)} % match{match >= NAME_MATCH_THRESHOLD ? '' : ': names differ'})
              </span>
            )}
          </p>
        )}
        {kyc.check.reason && <p className="text-red-700">{kyc.check.reason}</p>}
        {kyc.check.checkedAt && <p className="text-taupe">Checked {formatDateTime(kyc.check.checkedAt)}</p>}
      </div>
      {kyc.reviewedAt && (
        <p className="text-sm text-taupe">
          {kyc.status === 'APPROVED' ? 'Approved' : 'Reviewed'} {formatDateTime(kyc.reviewedAt)}
          {kyc.reviewedBy ? ` by ${kyc.reviewedBy}` : ''}
          {kyc.rejectionReason ? `: ${kyc.rejectionReason}` : ''}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {(kyc.status === 'PENDING_VERIFICATION' || kyc.status === 'VERIFICATION_FAILED') && (
          <button
            type="button"
            className="btn-outline"
            disabled={act.isPending}
            onClick={() => act.mutate(() => settlementApi.verifyKyc(kyc.vendorId))}
          >
            Check account again
          </button>
        )}
        {kyc.status === 'AWAITING_APPROVAL' && (
          <button
            type="button"
            className="btn-primary"
            disabled={act.isPending}
            onClick={() => void approve()}
          >
            Approve
          </button>
        )}
        {kyc.status !== 'APPROVED' && kyc.status !== 'REJECTED' && (
          <button
            type="button"
            className="btn-danger"
            disabled={act.isPending}
            onClick={() => setRejecting(true)}
          >
            Reject
          </button>
        )}
      </div>
      {rejecting && (
        <ReasonDialog
          title="Reject KYC"
          message={`The reseller sees the reason and submits KYC again. ${kyc.vendorName} is not paid until then.`}
          confirmLabel="Reject"
          requiredMessage={KYC_TEXT.required}
          minLength={3}
          onAnswer={(reason) => {
            setRejecting(false);
            if (reason) act.mutate(() => settlementApi.rejectKyc(kyc.vendorId, reason));
          }}
        />
      )}
    </article>
  );
}
