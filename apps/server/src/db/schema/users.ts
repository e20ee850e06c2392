import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PLANS, USER_TYPES } from '@zevar/domain';
import { createdAt, updatedAt } from './columns';

/** Vendors and admins share one table; vendor-only and admin-only columns are nullable. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: USER_TYPES }).notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    roles: jsonb('roles').$type<string[]>().notNull().default([]),
    /** Raised on deactivation, deletion, role or password change: tokens carrying an older version stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    slug: text('slug'),
    plan: text('plan', { enum: PLANS }).notNull().default('FREE'),
    businessName: text('business_name'),
    description: text('description'),
    phone: text('phone'),
    secondaryPhone: text('secondary_phone'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    pincode: text('pincode'),
    country: text('country').default('India'),
    bankName: text('bank_name'),
    accountHolderName: text('account_holder_name'),
    accountNumber: text('account_number'),
    ifscCode: text('ifsc_code'),
    /** Last change of the bank details (issue 20 item 5): payouts wait until an admin confirms it. */
    bankChangedAt: timestamp('bank_changed_at', { withTimezone: true }),
    /** When an admin confirmed the bank details last; older than bankChangedAt means unconfirmed. */
    bankConfirmedAt: timestamp('bank_confirmed_at', { withTimezone: true }),
    website: text('website'),
    facebook: text('facebook'),
    instagram: text('instagram'),
    twitter: text('twitter'),
    /** The reseller's shop face (issue 26 item 5, decision 0062): stored image names, plain text, 10-digit mobiles. */
    faceLogo: text('face_logo'),
    faceBanner: text('face_banner'),
    faceAbout: text('face_about'),
    faceContactPhone: text('face_contact_phone'),
    faceWhatsapp: text('face_whatsapp'),
    /** Optimistic lock of profile and account edits (not the token version): an edit names the version it started from. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_slug_uq').on(t.slug),
    uniqueIndex('users_vendor_email_lower_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.type} = 'VENDOR'`),
    index('users_type_created_idx').on(t.type, t.createdAt),
    index('users_name_lower_idx').on(sql`lower(${t.name})`),
  ],
);

/** Every change of a vendor's bank details: who, when, and the account masked before and after. */
export const vendorBankChanges = pgTable(
  'vendor_bank_changes',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changedBy: integer('changed_by').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    oldAccount: text('old_account').notNull(),
    newAccount: text('new_account').notNull(),
    /** Set when an admin confirmed this change. */
    confirmedBy: integer('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [index('vendor_bank_changes_vendor_idx').on(t.vendorId, t.changedAt)],
);

/**
 * An emailed invitation to join as an admin (decision 0043): the token is random and only its
 * SHA-256 is stored; it works once (acceptedAt) until expiresAt.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    roles: jsonb('roles').$type<string[]>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The account the invitation became. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_invites_token_uq').on(t.tokenHash)],
);

/** An emailed password reset link: hashed token, single use, expiring (decision 0043). */
export const passwordResetLinks = pgTable(
  'password_reset_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_links_token_uq').on(t.tokenHash),
    index('password_reset_links_user_idx').on(t.userId),
  ],
);

/**
 * A user's TOTP second factor (decision 0047). The secret is AES-256-GCM encrypted with a key
 * derived from JWT_SECRET; `confirmedAt` is null while enrolment waits for its first code.
 * `lastStep` is the last accepted 30-second time step: a code at or before it is a replay.
 * `recoveryHashes` are SHA-256 hashes of the unused recovery codes; one is spent by removing it.
 */
export const userSecondFactors = pgTable('user_second_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: integer('last_step').notNull().default(0),
  recoveryHashes: jsonb('recovery_hashes').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
});

/**
 * One row per sign-in (decision 0047): its id travels in the token as `sid`, so one session can be
 * listed and ended. A session lives while it is not ended, its token version is the account's and
 * it has not expired; `lastSeenAt` is written at most every ten minutes.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenVersion: integer('token_version').notNull(),
    userAgent: text('user_agent'),
    address: text('address'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId, t.lastSeenAt)],
);
