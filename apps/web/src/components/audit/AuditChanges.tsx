import { auditFieldChanges, formatInr, type AuditRecord } from '@zevar/domain';

/** Bookkeeping columns every change moves; they say nothing to the reader. */
const HIDDEN = new Set(['updatedAt', 'version', 'createdAt']);

/** 'vendorCommissionPaise' -> 'Vendor commission'. */
function label(field: string): string {
  const words = field.replace(/Paise$/, '').replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '' || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

function show(field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value as string | number | boolean);
  // Money is kept in paise (a number, or text for a bigint column).
  if (field.endsWith('Paise') && /^-?\d+$/.test(text)) return formatInr(Number(text) / 100);
  return text;
}

/**
 * The fields a record changed, before → after. A record of a route that did not describe its change
 * (no `before`) lists what was sent.
 */
export function AuditChanges({ record }: { record: Pick<AuditRecord, 'before' | 'after'> }) {
  const created = record.before === null;
  // A creation lists the fields it set; empty ones say nothing.
  const changes = auditFieldChanges(record.before, record.after).filter(
    (c) => !HIDDEN.has(c.field) && !(created && isEmpty(c.after)),
  );
  if (changes.length === 0) return <span className="text-taupe">No field changed</span>;
  return (
    <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 text-xs">
      {changes.map((c) => (
        <div key={c.field} className="contents">
          <dt className="font-semibold text-taupe">{label(c.field)}</dt>
          <dd className="min-w-0 break-words">
            {created ? (
              show(c.field, c.after)
            ) : (
              <>
                <del className="text-red-700">{show(c.field, c.before)}</del>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> changed to </span>
                <ins className="text-green-800 no-underline">{show(c.field, c.after)}</ins>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** 'Admin Asha (asha@…)' or 'System' for a record without a signed-in person. */
export function actorName(record: AuditRecord): string {
  const { name, email } = record.actor;
  if (!name && !email) return 'System';
  return name && email ? `${name} (${email})` : (name ?? email ?? '');
}

/** 'confirm-bank' -> 'Confirm bank'. */
export function actionLabel(action: string): string {
  const words = action.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
