import type { DbOrTx } from '../../db/client';
import { findVendorAccount } from '../users';
import type { PayeeAccount } from '../payouts/payout-provider';

/**
 * Whom a reseller's payout goes to, and whether it may go now (issue 24 item 3). The settlement
 * module asks this before every payout; the KYC module answers it from the reseller's verified
 * details. Until KYC is recorded this preliminary answer reads the bank details of the vendor's
 * account and refuses when they are missing or changed and not yet confirmed by an admin.
 */
export type Payee =
  | {
      ready: true;
      account: PayeeAccount;
      /** The legal name on the PAN (or the account holder's name until KYC records it). */
      legalName: string;
      /** Upper-case PAN, or null when none is on record. */
      pan: string | null;
      /** MISSING or INOPERATIVE PANs take the higher TDS rate. */
      panStatus: 'VALID' | 'INOPERATIVE' | 'MISSING';
      /** The reseller's GSTIN when registered for GST (18 % GST on commission applies). */
      gstin: string | null;
    }
  | { ready: false; reason: string };

export async function payeeFor(db: DbOrTx, vendorId: number): Promise<Payee> {
  const vendor = await findVendorAccount(db, vendorId);
  if (!vendor) return { ready: false, reason: 'No such vendor' };
  if (!vendor.accountNumber || !vendor.ifscCode || !vendor.accountHolderName) {
    return { ready: false, reason: 'Bank details are missing' };
  }
  if (
    vendor.bankChangedAt &&
    (!vendor.bankConfirmedAt || vendor.bankConfirmedAt.getTime() < vendor.bankChangedAt.getTime())
  ) {
    return { ready: false, reason: 'The changed bank account waits for an admin' };
  }
  return {
    ready: true,
    account: {
      payeeReference: String(vendor.id),
      holderName: vendor.accountHolderName,
      accountNumber: vendor.accountNumber,
      ifsc: vendor.ifscCode.toUpperCase(),
      email: vendor.email,
      phone: vendor.phone ?? undefined,
    },
    legalName: vendor.accountHolderName,
    pan: null,
    panStatus: 'MISSING',
    gstin: null,
  };
}
