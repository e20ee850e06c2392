import { z } from 'zod';
import { dbIdSchema } from './paging';
import { isoDaySchema, safeString } from './primitives';

/**
 * The audit trail (issue 23 item 1, decision 0041): who changed what, when, from where, with the
 * changed entity's fields before and after (secrets never, account numbers masked).
 */

/** Entity types named in audit records (a route that does not describe its change names its path). */
export const AUDIT_ENTITY_TYPES = [
  'product',
  'metal',
  'purity',
  'category',
  'coupon',
  'plan',
  'user',
  'order',
  'payout',
  'email-template',
  'carousel',
  'review',
  'subscription',
  'stock',
  'image',
  'mail',
  'customer',
  'product-import',
] as const;

/** Actions a change describes itself with; a route that does not describe its change records `request`. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'archive',
  'restore',
  'rate',
  'stock',
  'status',
  'payment',
  'shipping-state',
  'cancel',
  'refund',
  'roles',
  'activate',
  'deactivate',
  'bank-details',
  'confirm-bank',
  'password',
  'plan',
  /** An internal note on an order or a customer (issue 23 item 7). */
  'note',
  'import',
  'import-create',
  'import-update',
  'request',
] as const;

export const auditRecordSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({
    id: z.number().int().nullable(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    type: z.string().nullable(),
    roles: z.array(z.string()),
  }),
  clientAddress: z.string().nullable(),
  method: z.string(),
  route: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const pagedAuditSchema = z.object({
  content: z.array(auditRecordSchema),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
  size: z.number().int(),
  number: z.number().int(),
});
export type PagedAudit = z.infer<typeof pagedAuditSchema>;

const AUDIT_NAME = /^[a-z][a-z0-9-]{0,39}$/;
export const AUDIT_MESSAGES = {
  badName: 'Use lowercase letters, digits and hyphens',
  dateOrder: 'The end date must not be before the start date',
} as const;

/**
 * Search of the audit trail: by person (the user id, or text matching the email or name), entity
 * (type, and id), action and business-timezone days (`from` and `to` both included), newest first.
 */
export const auditQuerySchema = z
  .object({
    actorId: dbIdSchema.optional(),
    person: safeString().trim().min(1).max(100).optional(),
    entityType: safeString().trim().regex(AUDIT_NAME, AUDIT_MESSAGES.badName).optional(),
    entityId: safeString().trim().min(1).max(100).optional(),
    action: safeString().trim().regex(AUDIT_NAME, AUDIT_MESSAGES.badName).optional(),
    from: isoDaySchema.optional(),
    to: isoDaySchema.optional(),
    page: z.coerce.number().int().min(0).max(10_000).default(0),
    size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: AUDIT_MESSAGES.dateOrder });
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** A field's value before and after, for one record (the fields whose value differs, in order). */
type AuditFieldChange = { field: string; before: unknown; after: unknown };

/** The fields that differ between `before` and `after` (a created entity: every field of `after`). */
export function auditFieldChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditFieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter((f) => JSON.stringify(before?.[f]) !== JSON.stringify(after?.[f]))
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }));
}
