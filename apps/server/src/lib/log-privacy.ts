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

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * The error serializer for every log line: pino's own, without query parameters (which hold the
 * names, emails, phones and addresses being written when a query fails).
 */
export function privateErrorSerializer(err: Error): SerializedError {
  const out = stdSerializers.err(err) as unknown as SerializedError;
  out.message = scrub(out.message) ?? '';
  out.stack = scrub(out.stack) ?? '';
  delete out.params;
  if (out.cause && typeof out.cause === 'object') out.cause = privateErrorSerializer(out.cause as Error);
  return out;
}
