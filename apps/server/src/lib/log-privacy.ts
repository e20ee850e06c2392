import { stdSerializers } from 'pino';

/** Fields that carry a shopper's (or a user's) name, email, phone or address. */
const PERSONAL = [
  'customerName',
  'customerEmail',
  'customerPhone',
  'shippingAddress',
  'billingAddress',
  'fullName',
  'email',
  'phone',
  'address',
  'prefill',
];

/** pino redaction paths: the personal fields at the top of a log object and one level down. */
export const REDACT_PATHS = PERSONAL.flatMap((f) => [f, `*.${f}`]);

/** Database errors append the query's parameter values ("params: ..."): those are cut off. */
const scrub = (text: string | undefined) =>
  text === undefined ? text : text.replace(/\nparams: [\s\S]*$/, '');

/**
 * PostgreSQL's detail repeats the values of the key or row it is about (`Key (email)=(…) already
 * exists`, `Failing row contains (…)`): the column names stay, the rest goes (the error's code and
 * constraint say what happened).
 */
const scrubDetail = (text: string) =>
  text
    .replace(/(Key \([^)]*\))=\(.*$/s, '$1=[private]')
    .replace(/(Failing row contains ).*$/s, '$1[private]');

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * The error serializer for every log line: pino's own, without query parameters (which hold the
 * names, emails, phones and addresses being written when a query fails), and with the error's cause
 * as a field of its own (pino folds causes into the message and stack, from which the parameters are
 * cut off, and drizzle's "Failed query" keeps PostgreSQL's answer, with its code, only there).
 */
export function privateErrorSerializer(err: Error): SerializedError {
  const out = stdSerializers.err(err) as unknown as SerializedError;
  out.message = scrub(out.message) ?? '';
  out.stack = scrub(out.stack) ?? '';
  delete out.params;
  if (typeof out.detail === 'string') out.detail = scrubDetail(out.detail);
  const cause: unknown = (err as { cause?: unknown }).cause;
  if (cause instanceof Error) out.cause = privateErrorSerializer(cause);
  else if (typeof cause === 'string' || typeof cause === 'number') out.cause = cause;
  return out;
}
