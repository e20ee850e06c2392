import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';
import { currentAuditScope, type AuditScope } from './audit-scope';
import { redactFields, type RedactOptions } from './redact';

/** One change, described by the code that made it. */
export type AuditChange = {
  action: string;
  entityType: string;
  entityId: string | number | null;
  before?: object | null;
  after?: object | null;
  /** The entity's own non-secret names among the denylisted ones (a coupon's `code`). */
  redact?: RedactOptions;
};

const fieldsOf = (value: object | null | undefined, opts?: RedactOptions) =>
  value ? redactFields(value as Record<string, unknown>, opts) : null;

function rowOf(audit: AuditScope, change: AuditChange) {
  return {
    at: audit.at(),
    actorId: audit.actor?.id ?? null,
    actorEmail: audit.actor?.email ?? null,
    actorName: audit.actor?.name ?? null,
    actorType: audit.actor?.type ?? null,
    actorRoles: audit.actor?.roles ?? [],
    clientAddress: audit.clientAddress,
    method: audit.method,
    route: audit.route,
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId === null ? null : String(change.entityId),
    before: fieldsOf(change.before, change.redact),
    after: fieldsOf(change.after, change.redact),
    requestId: audit.requestId,
  };
}

/**
 * Records changes in the caller's transaction `tx`, so the record commits or rolls back with the
 * change (one INSERT for all of them). Outside an audited request (a background job, a script, a
 * public shopper route) it records nothing: the trail is of staff and vendor actions (decision 0041).
 */
export async function recordChangeIn(tx: DbOrTx, changes: AuditChange | AuditChange[]): Promise<void> {
  const audit = currentAuditScope();
  const list = [changes].flat();
  if (!audit || list.length === 0) return;
  await tx.insert(auditLog).values(list.map((c) => rowOf(audit, c)));
  audit.recorded += list.length;
}

/** The generic record of a write whose route did not describe its change (written after its 2xx). */
export async function recordRequestIn(db: DbOrTx, audit: AuditScope, change: AuditChange): Promise<void> {
  await db.insert(auditLog).values(rowOf(audit, change));
  audit.recorded += 1;
}
