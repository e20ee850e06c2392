/**
 * What an audit record may keep of an entity or a request body (decision 0041): secrets never (a
 * denylist of field names), account numbers and PANs masked to their last four characters, dates as
 * ISO text, money (bigint paise) as text; long texts and lists are cut so one record stays small.
 */

/** Field names (compared without case, `_` or `-`) whose values never reach the audit trail. */
const SECRET =
  /password|passwd|hash|token|secret|otp|totp|recoverycode|resetcode|verificationcode|apikey|privatekey|signature|cvv/;
/** Exact field names that are secrets wherever they appear (a one-time `code`, a `key`, a `pin`). */
const SECRET_EXACT = new Set(['code', 'key', 'pin']);
/** Kept, masked to the last four characters. */
const MASKED = /accountnumber|bankaccount|^pan$|buyerpan|cardnumber|^oldaccount$|^newaccount$/;

const MAX_TEXT = 2000;
const MAX_ITEMS = 100;
const MAX_DEPTH = 5;

const norm = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

export type RedactOptions = {
  /** Names from SECRET_EXACT that are not secrets for this entity (a coupon's public `code`). */
  allow?: readonly string[];
};

function isSecretField(name: string, opts: RedactOptions = {}): boolean {
  if (opts.allow?.includes(name)) return false;
  const n = norm(name);
  return SECRET.test(n) || SECRET_EXACT.has(n);
}

/** `••••1234`: the last four characters of an account number (all of it masked when shorter). */
function maskTail(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return (value as null) ?? null;
  const text = String(value as string);
  return text.length <= 4 ? '••••' : `••••${text.slice(-4)}`;
}

function plain(value: unknown, depth: number, opts: RedactOptions): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((v) => plain(v, depth + 1, opts));
  if (Buffer.isBuffer(value)) return '[binary]';
  return redactFields(value as Record<string, unknown>, opts, depth + 1);
}

/** A copy of `fields` fit for the audit trail. */
export function redactFields(
  fields: Record<string, unknown>,
  opts: RedactOptions = {},
  depth = 0,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || typeof value === 'function') continue;
    if (isSecretField(name, opts)) continue;
    out[name] = MASKED.test(norm(name)) ? maskTail(value) : plain(value, depth, opts);
  }
  return out;
}
