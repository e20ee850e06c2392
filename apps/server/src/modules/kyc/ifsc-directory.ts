import { createRequire } from 'node:module';
import type { IfscLookup } from '@zevar/domain';

/**
 * The bank an IFSC belongs to, from Razorpay's `ifsc` package (decision 0049): it bundles every
 * IFSC the RBI lists (validated offline) and each bank's name. Branch details are not bundled
 * (the package fetches them from a web API), so the shop shows the bank only. Loaded on first use.
 */
const require = createRequire(import.meta.url);
type IfscPackage = { validate(code: string): boolean };
let loaded: { ifsc: IfscPackage; names: Record<string, string> } | undefined;

function directory() {
  loaded ??= {
    ifsc: require('ifsc') as IfscPackage,
    names: require('ifsc/src/banknames.json') as Record<string, string>,
  };
  return loaded;
}

/** The bank of a well-formed, upper-case IFSC, or null when the RBI's list has no such branch. */
export function lookUpIfsc(code: string): IfscLookup | null {
  const { ifsc, names } = directory();
  if (!ifsc.validate(code)) return null;
  const bankCode = code.slice(0, 4);
  return { ifsc: code, bankCode, bankName: names[bankCode] ?? bankCode };
}
