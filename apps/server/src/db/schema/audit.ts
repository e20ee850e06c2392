import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

/**
 * The audit trail (issue 23 item 1, decision 0041): one row per successful admin or vendor write,
 * written in the same transaction as the change where the change has one. Append-only: a trigger
 * (hand-written part of its migration) refuses UPDATE, DELETE and TRUNCATE, and no route changes it.
 * No foreign keys: a record outlives the user and the entity it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tstz('at').notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    actorName: text('actor_name'),
    actorType: text('actor_type'),
    actorRoles: jsonb('actor_roles').$type<string[]>().notNull().default([]),
    /** The client network of `request.ip` (TRUST_PROXY applies), as the request limits count it. */
    clientAddress: text('client_address'),
    method: text('method').notNull(),
    route: text('route').notNull(),
    /** What was done: `create`, `update`, `delete`, `status`, `refund` … (`request` for a route that did not describe its change). */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    /** The changed entity's fields before and after (secrets dropped, account numbers masked). */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.at.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.at.desc(), t.id.desc()),
    // A person is searched by any part of their email or name.
    index('audit_log_actor_email_trgm_idx').using('gin', sql`${t.actorEmail} gin_trgm_ops`),
    index('audit_log_actor_name_trgm_idx').using('gin', sql`${t.actorName} gin_trgm_ops`),
    index('audit_log_action_idx').on(t.action, t.at.desc(), t.id.desc()),
  ],
);
