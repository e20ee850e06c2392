import type { DbOrTx } from '../../db/client';
import { findVendorAccount } from '../users';
import type { PayeeAccount } from '../../lib/payout-provider';
import { bankHold, type PayoutRules } from './bank-hold';
import { findKyc } from './kyc.service';

export { bankConfirmed, bankHold, payoutRulesOf, type BankChangeState, type PayoutRules } from './bank-hold';

/**
 * Whom a reseller's payout goes to, and whether it may go now (issue 24 item 3). The settlement
 * module asks this before every payout: ready only when the reseller's KYC is approved by an admin
 * (after a penny drop, or by hand under manual transfer), the approved account is still the
 * vendor's account, and no bank change waits for confirmation or its cooling-off period.
 */
export type Payee =
  | {
      ready: true;
      account: PayeeAccount;
      /** The legal name on the PAN. */
      legalName: string;
      /** Upper-case PAN, or null when none is on record. */
      pan: string | null;
      /** MISSING or INOPERATIVE PANs take the higher TDS rate. */
      panStatus: 'VALID' | 'INOPERATIVE' | 'MISSING';
      /** The reseller's GSTIN when registered for GST (18 % GST on commission applies). */
      gstin: string | null;
    }
  | { ready: false; reason: string };

export const PAYEE_TEXT = {
  noVendor: 'No such vendor',
  noKyc: 'KYC has not been submitted',
  pendingVerification: 'KYC: the bank account is being verified',
  verificationFailed: 'KYC: the bank account check failed',
  awaitingApproval: 'KYC waits for an admin’s approval',
  rejected: 'KYC was rejected',
  bankChanged: 'The bank account changed after KYC was approved: it must be verified again',
} as const;

/**
 * Pass `payoutRulesOf(ctx)` so the clock and cooling-off period are the app's; without it the wall
 * clock and a 24-hour cooling-off period (the configured default) apply.
 */
export async function payeeFor(db: DbOrTx, vendorId: number, rules?: PayoutRules): Promise<Payee> {
  const vendor = await findVendorAccount(db, vendorId);
  if (!vendor) return { ready: false, reason: PAYEE_TEXT.noVendor };
  const kyc = await findKyc(db, vendorId);
  if (!kyc) return { ready: false, reason: PAYEE_TEXT.noKyc };
  switch (kyc.status) {
    case 'APPROVED':
      break;
    case 'PENDING_VERIFICATION':
      return { ready: false, reason: PAYEE_TEXT.pendingVerification };
    case 'VERIFICATION_FAILED':
      return { ready: false, reason: PAYEE_TEXT.verificationFailed };
    case 'REJECTED':
      return { ready: false, reason: PAYEE_TEXT.rejected };
    default:
      return { ready: false, reason: PAYEE_TEXT.awaitingApproval };
  }
  if (vendor.accountNumber !== kyc.accountNumber || vendor.ifscCode !== kyc.ifsc) {
    return { ready: false, reason: PAYEE_TEXT.bankChanged };
  }
  const hold = bankHold(vendor, rules ?? { now: new Date(), timeZone: 'Asia/Kolkata', coolingOffHours: 24 });
  if (hold) return { ready: false, reason: hold };
  return {
    ready: true,
    account: {
      payeeReference: String(vendor.id),
      holderName: kyc.accountHolderName,
      accountNumber: kyc.accountNumber,
      ifsc: kyc.ifsc,
      email: vendor.email,
      phone: vendor.phone ?? undefined,
    },
    legalName: kyc.legalName,
    pan: kyc.pan,
    panStatus: 'VALID',
    gstin: kyc.gstin,
  };
}
