import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';

/**
 * Every text message to a buyer's phone (issue 22), one row per reference: the sandbox keeps its
 * messages here for an admin and the tests to read; with MSG91 the row is the claim that makes a
 * retried send go out once (decision 0038).
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: serial('id').primaryKey(),
    /** The caller's idempotency key, e.g. 'delivery-otp:{shipmentId}:{n}'. */
    reference: text('reference').notNull(),
    provider: text('provider', { enum: ['sandbox', 'msg91'] }).notNull(),
    /** 91 and the 10-digit mobile number, as the provider takes it. */
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    /** SENDING: claimed by one process, which is calling the provider (or died doing so). */
    status: text('status', { enum: ['SENDING', 'SENT', 'FAILED'] }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    /** The provider's request id for the message. */
    providerId: text('provider_id'),
    lastError: text('last_error'),
    claimedAt: tstz('claimed_at').notNull().defaultNow(),
    sentAt: tstz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sms_messages_reference_uq').on(t.reference),
    index('sms_messages_created_idx').on(t.createdAt),
  ],
);
