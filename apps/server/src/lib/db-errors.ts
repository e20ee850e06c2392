/** PostgreSQL error details, whichever driver (pg or PGlite, possibly wrapped by drizzle) raised them. */
function pgError(err: unknown): { code?: string; constraint?: string } {
  const e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return {};
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
    return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
  }
  return e.cause ? pgError(e.cause) : {};
}

/** The unique index that a failed insert or update violated, or null for any other error. */
export function uniqueViolation(err: unknown): string | null {
  const e = pgError(err);
  return e.code === '23505' ? (e.constraint ?? '') : null;
}

/** A foreign key still pointing at the row being deleted (or a reference to a missing row). */
export function isForeignKeyViolation(err: unknown): boolean {
  return pgError(err).code === '23503';
}

/** A table that does not exist (yet). */
export function isUndefinedTable(err: unknown): boolean {
  return pgError(err).code === '42P01';
}

/** A computed value did not fit its column (for example a price past the integer range). */
export function isOutOfRange(err: unknown): boolean {
  return pgError(err).code === '22003';
}

/** PostgreSQL cancelled the statement (`statement_timeout` on a public read, or an operator's cancel). */
export function isStatementCancelled(err: unknown): boolean {
  return pgError(err).code === '57014';
}
