import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstz, updatedAt } from './columns';

export const emailTemplates = pgTable('email_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  subject: text('subject').notNull(),
  variables: text('variables').notNull().default(''),
  body: text('body').notNull(),
  /** Optimistic lock: every edit names the version it started from and bumps it (decision 0023). */
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A file attached to an outbox message, by reference: it is rendered when the message is sent (each
 * attempt), so a retried message carries it too and the outbox row stays small.
 */
export type OutboxAttachment =
  | { kind: 'tax-document'; documentId: number; filename: string }
  /** The order's invoice, found when the mail is sent (queued before the invoice is numbered). */
  | { kind: 'order-invoice'; orderId: string };

/** Mail waits here until delivered, so an SMTP outage loses nothing. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    /** Makes queueing idempotent, e.g. 'order-confirmation:{orderId}'. */
    dedupeKey: text('dedupe_key').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    status: text('status', { enum: ['PENDING', 'SENT', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
    sentAt: tstz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_outbox_dedupe_uq').on(t.dedupeKey),
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
