import { index, integer, pgTable, real, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';
import { users } from './users';

/**
 * A reseller's KYC (issue 24 item 3, decision 0049): one row per vendor, the latest submission.
 * The penny drop's answer is kept beside it; `version` counts submissions so a late answer to an
 * older one is never written over a newer one. Payouts need status APPROVED and this account
 * being the vendor's current one (`payeeFor`).
 */
export const vendorKyc = pgTable(
  'vendor_kyc',
  {
    vendorId: integer('vendor_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** PENDING_VERIFICATION | VERIFICATION_FAILED | AWAITING_APPROVAL | APPROVED | REJECTED */
    status: text('status').notNull(),
    pan: text('pan').notNull(),
    legalName: text('legal_name').notNull(),
    gstin: text('gstin'),
    accountHolderName: text('account_holder_name').notNull(),
    accountNumber: text('account_number').notNull(),
    ifsc: text('ifsc').notNull(),
    /** From the bundled IFSC directory. */
    bankName: text('bank_name'),
    /** VERIFIED | FAILED | PENDING | UNSUPPORTED | UNAVAILABLE (the provider could not be reached). */
    checkStatus: text('check_status').notNull(),
    checkRef: text('check_ref'),
    registeredName: text('registered_name'),
    nameMatch: real('name_match'),
    checkReason: text('check_reason'),
    checkedAt: tstz('checked_at'),
    submittedAt: tstz('submitted_at').notNull(),
    submittedBy: integer('submitted_by').notNull(),
    reviewedAt: tstz('reviewed_at'),
    reviewedBy: integer('reviewed_by'),
    rejectionReason: text('rejection_reason'),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('vendor_kyc_status_idx').on(t.status, t.submittedAt)],
);
