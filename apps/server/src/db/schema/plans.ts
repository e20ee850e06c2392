import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PLANS } from '@zevar/domain';
import { createdAt, tstz, updatedAt } from './columns';
import { users } from './users';

export const vendorPlans = pgTable('vendor_plans', {
  id: serial('id').primaryKey(),
  plan: text('plan', { enum: PLANS }).notNull().unique(),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  /** Optimistic lock over the plan and its options: every edit names the version it started from. */
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const planOptions = pgTable(
  'plan_options',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => vendorPlans.id, { onDelete: 'cascade' }),
    durationMonths: integer('duration_months').notNull(),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('plan_options_plan_idx').on(t.planId)],
);

export const SUBSCRIPTION_STATUSES = ['PENDING', 'ACTIVE', 'FAILED', 'EXPIRED'] as const;

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => vendorPlans.id),
    optionId: integer('option_id').references(() => planOptions.id, { onDelete: 'set null' }),
    plan: text('plan', { enum: PLANS }).notNull(),
    durationMonths: integer('duration_months').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('PENDING'),
    providerOrderId: text('provider_order_id'),
    paymentId: text('payment_id'),
    startDate: tstz('start_date'),
    endDate: tstz('end_date'),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscriptions_vendor_idx').on(t.vendorId, t.createdAt),
    uniqueIndex('subscriptions_provider_order_uq').on(t.providerOrderId),
  ],
);
