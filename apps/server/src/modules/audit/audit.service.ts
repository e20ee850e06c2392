import { and, count, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import { zonedDayStart, type AuditQuery, type AuditRecord, type PagedAudit } from '@zevar/domain';
import type { AppContext } from '../../context';
import { auditLog } from '../../db/schema';
import { textContains } from '../../lib/sql-search';

type Row = typeof auditLog.$inferSelect;

function toRecord(row: Row): AuditRecord {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: {
      id: row.actorId,
      email: row.actorEmail,
      name: row.actorName,
      type: row.actorType,
      roles: row.actorRoles,
    },
    clientAddress: row.clientAddress,
    method: row.method,
    route: row.route,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** The day after a calendar day ('2026-11-30' -> '2026-12-01'). */
function nextDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** Reads of the audit trail; it has no update or delete (decision 0041). */
export function createAuditService(ctx: Pick<AppContext, 'db' | 'config'>) {
  const zone = ctx.config.BUSINESS_TIMEZONE;
  const filters = (q: AuditQuery): SQL | undefined => {
    const where: (SQL | undefined)[] = [];
    if (q.actorId !== undefined) where.push(eq(auditLog.actorId, q.actorId));
    if (q.person)
      where.push(or(textContains(auditLog.actorEmail, q.person), textContains(auditLog.actorName, q.person)));
    if (q.entityType) where.push(eq(auditLog.entityType, q.entityType));
    if (q.entityId) where.push(eq(auditLog.entityId, q.entityId));
    if (q.action) where.push(eq(auditLog.action, q.action));
    if (q.from) where.push(gte(auditLog.at, zonedDayStart(q.from, zone)));
    if (q.to) where.push(lt(auditLog.at, zonedDayStart(nextDay(q.to), zone)));
    return and(...where);
  };

  return {
    /** Newest first, a page at a time (the indexes lead with entity, actor or action, then time). */
    async search(q: AuditQuery): Promise<PagedAudit> {
      const where = filters(q);
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(q.size)
          .offset(q.page * q.size),
        ctx.db.select({ n: count() }).from(auditLog).where(where),
      ]);
      const totalElements = total?.n ?? 0;
      return {
        content: rows.map(toRecord),
        totalElements,
        totalPages: Math.ceil(totalElements / q.size),
        size: q.size,
        number: q.page,
      };
    },
  };
}
