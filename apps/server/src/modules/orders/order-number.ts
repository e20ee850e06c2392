import { randomBytes } from 'node:crypto';

/** An order's number: ZV, the day (yymmdd) and eight random hex digits. */
export function newOrderNumber(now: Date): string {
  const day = now.toISOString().slice(2, 10).replace(/-/g, '');
  const suffix = randomBytes(5).toString('hex').toUpperCase().slice(0, 8);
  return `ZV${day}-${suffix}`;
}
