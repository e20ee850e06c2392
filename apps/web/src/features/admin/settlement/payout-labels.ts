import type { PayoutLineStatus } from '@zevar/domain';

/** A payout's state in the admin's words. */
export const LINE_STATUS_LABELS: Record<PayoutLineStatus, string> = {
  PENDING_APPROVAL: 'Awaiting approval',
  APPROVED: 'Approved',
  SENDING: 'Sending',
  QUEUED: 'Queued',
  PROCESSING: 'Processing',
  PROCESSED: 'Paid',
  FAILED: 'Failed',
  REVERSED: 'Reversed',
  CANCELLED: 'Cancelled',
};

export const LINE_STATUS_TONE: Partial<Record<PayoutLineStatus, string>> = {
  PROCESSED: 'bg-green-100 text-green-800',
  FAILED: 'bg-red-100 text-red-800',
  REVERSED: 'bg-red-100 text-red-800',
  CANCELLED: 'bg-stone-200 text-stone-700',
};
