import { KYC_STATUS_LABELS, type Kyc } from '@zevar/domain';
import { formatDateTime } from '../../lib/format';

const CHECK_TEXT: Record<Kyc['check']['status'], string> = {
  VERIFIED: 'Verified by penny drop',
  FAILED: 'Penny drop failed',
  PENDING: 'Penny drop pending',
  UNSUPPORTED: 'Checked by hand (manual bank transfer)',
  UNAVAILABLE: 'Penny drop could not reach the bank yet',
};

/** What the state means for the reseller, and what to do next. */
export function kycExplanation(kyc: Kyc): string {
  switch (kyc.status) {
    case 'PENDING_VERIFICATION':
      return 'We are confirming your bank account with a small test deposit (penny drop). This page updates when the bank answers.';
    case 'VERIFICATION_FAILED':
      return `The bank could not confirm this account${kyc.check.reason ? `: ${kyc.check.reason}` : ''}. Correct the account details and submit again.`;
    case 'AWAITING_APPROVAL':
      return 'Your bank account was checked. An admin reviews your KYC before payouts start.';
    case 'APPROVED':
      return 'Your KYC is approved: payouts go to this account.';
    case 'REJECTED':
      return `An admin rejected your KYC${kyc.rejectionReason ? `: ${kyc.rejectionReason}` : ''}. Correct the details and submit again.`;
  }
}

const TONE: Record<Kyc['status'], string> = {
  PENDING_VERIFICATION: 'bg-amber-100 text-amber-900',
  VERIFICATION_FAILED: 'bg-red-100 text-red-800',
  AWAITING_APPROVAL: 'bg-amber-100 text-amber-900',
  APPROVED: 'bg-emerald-100 text-emerald-900',
  REJECTED: 'bg-red-100 text-red-800',
};

/** The submitted KYC as the reseller sees it: state, penny-drop answer and the details on record. */
export function KycStatusCard({
  kyc,
  holdReason,
  onEdit,
}: {
  kyc: Kyc;
  holdReason: string | null;
  onEdit: () => void;
}) {
  return (
    <section aria-labelledby="kyc-status-title" className="card space-y-4 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="kyc-status-title" className="text-xl font-semibold">
          Verification
        </h3>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${TONE[kyc.status]}`}>
          {KYC_STATUS_LABELS[kyc.status]}
        </span>
      </div>
      <p>{kycExplanation(kyc)}</p>
      {kyc.bankChangedSinceKyc && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          The bank account in your profile is not the one verified here. Submit your KYC again to verify it.
        </p>
      )}
      {holdReason && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <strong>Payouts on hold:</strong> {holdReason}
        </p>
      )}
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Item term="PAN" detail={`${kyc.pan} (${kyc.panHolderType})`} />
        <Item term="Legal name" detail={kyc.legalName} />
        <Item term="GSTIN" detail={kyc.gstin ?? 'Not registered'} />
        <Item term="Account holder" detail={kyc.accountHolderName} />
        <Item term="Bank account" detail={`${kyc.accountNumber} · ${kyc.ifsc}`} />
        <Item term="Bank" detail={kyc.bankName ?? '—'} />
        <Item
          term="Bank check"
          detail={`${CHECK_TEXT[kyc.check.status]}${kyc.check.registeredName ? ` (name at the bank: ${kyc.check.registeredName})` : ''}`}
        />
        <Item term="Submitted" detail={formatDateTime(kyc.submittedAt)} />
      </dl>
      <button type="button" className="btn-outline" onClick={onEdit}>
        Update KYC or bank account
      </button>
    </section>
  );
}

function Item({ term, detail }: { term: string; detail: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-taupe uppercase">{term}</dt>
      <dd className="break-words">{detail}</dd>
    </div>
  );
}
