import { GST_STATE_CODES } from './gst';
import { INDIAN_STATES } from './indian-states';

/**
 * Place of supply (issue 20 item 2): the 36 states and union territories with their GST state
 * codes, a normaliser from free text ('MH', 'Maharastra', 'New Delhi', '27') to one of them, and
 * India Post's PIN zones, so an address's state and PIN code cannot disagree. No I/O.
 */

export type IndianState = (typeof INDIAN_STATES)[number];

/** The GST state code of each of the 36 (from `GST_STATE_CODES`; '97 Other Territory' is no state). */
export const STATE_GST_CODE: Record<IndianState, string> = Object.fromEntries(
  INDIAN_STATES.map((s) => [s, Object.entries(GST_STATE_CODES).find(([, n]) => n === s)![0]]),
) as Record<IndianState, string>;

export function isIndianState(value: string): value is IndianState {
  return (INDIAN_STATES as readonly string[]).includes(value);
}

const squash = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '');

/** Abbreviations (vehicle registration and common postal ones) and former or everyday names. */
const ALIASES: Record<string, IndianState> = {
  ap: 'Andhra Pradesh',
  ar: 'Arunachal Pradesh',
  as: 'Assam',
  br: 'Bihar',
  cg: 'Chhattisgarh',
  ct: 'Chhattisgarh',
  ga: 'Goa',
  gj: 'Gujarat',
  hr: 'Haryana',
  hp: 'Himachal Pradesh',
  jh: 'Jharkhand',
  ka: 'Karnataka',
  kl: 'Kerala',
  mp: 'Madhya Pradesh',
  mh: 'Maharashtra',
  mn: 'Manipur',
  ml: 'Meghalaya',
  mz: 'Mizoram',
  nl: 'Nagaland',
  od: 'Odisha',
  or: 'Odisha',
  orissa: 'Odisha',
  pb: 'Punjab',
  rj: 'Rajasthan',
  sk: 'Sikkim',
  tn: 'Tamil Nadu',
  ts: 'Telangana',
  tg: 'Telangana',
  tr: 'Tripura',
  up: 'Uttar Pradesh',
  uk: 'Uttarakhand',
  ut: 'Uttarakhand',
  uttaranchal: 'Uttarakhand',
  wb: 'West Bengal',
  an: 'Andaman and Nicobar Islands',
  andamanandnicobar: 'Andaman and Nicobar Islands',
  andaman: 'Andaman and Nicobar Islands',
  ch: 'Chandigarh',
  dn: 'Dadra and Nagar Haveli and Daman and Diu',
  dd: 'Dadra and Nagar Haveli and Daman and Diu',
  dh: 'Dadra and Nagar Haveli and Daman and Diu',
  dnhdd: 'Dadra and Nagar Haveli and Daman and Diu',
  dadraandnagarhaveli: 'Dadra and Nagar Haveli and Daman and Diu',
  damananddiu: 'Dadra and Nagar Haveli and Daman and Diu',
  dl: 'Delhi',
  newdelhi: 'Delhi',
  nctofdelhi: 'Delhi',
  nctdelhi: 'Delhi',
  delhinct: 'Delhi',
  jk: 'Jammu and Kashmir',
  jandk: 'Jammu and Kashmir',
  la: 'Ladakh',
  ld: 'Lakshadweep',
  py: 'Puducherry',
  pondicherry: 'Puducherry',
  pondy: 'Puducherry',
};

const BY_SQUASHED = new Map<string, IndianState>(INDIAN_STATES.map((s) => [squash(s), s]));
const BY_CODE = new Map<string, IndianState>(
  INDIAN_STATES.map((s) => [STATE_GST_CODE[s], s] as [string, IndianState]),
);

/** Edit distance, stopping early once it exceeds `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    if (Math.min(...row) > max) return max + 1;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * One of the 36 from free text, or null when it is not clearly one: exact names in any case and
 * spacing, GST codes ('27' or '27 Maharashtra'), abbreviations ('MH', 'TN'), former names ('Orissa',
 * 'Pondicherry') and misspellings one or two letters off a name of 7 letters or more ('Maharastra',
 * 'Tamilnadu'), only when exactly one name is that close (the 36 names are at least 4 edits apart).
 */
export function normaliseState(input: string | null | undefined): IndianState | null {
  if (!input) return null;
  const trimmed = input.trim();
  const code = /^(\d{1,2})\b/.exec(trimmed)?.[1]?.padStart(2, '0');
  if (code) {
    const byCode = BY_CODE.get(code) ?? null;
    const rest = trimmed.replace(/^\d{1,2}\s*[-–:()]?\s*/, '').replace(/\)$/, '');
    if (!rest) return byCode;
    const byName = normaliseState(rest);
    return byCode && byName === byCode ? byCode : null;
  }
  const key = squash(trimmed);
  if (!key) return null;
  const exact = BY_SQUASHED.get(key) ?? ALIASES[key];
  if (exact) return exact;
  if (key.length < 7) return null;
  const near = [...BY_SQUASHED.entries(), ...Object.entries(ALIASES).filter(([k]) => k.length >= 7)]
    .filter(([name]) => distance(key, name, 2) <= 2)
    .map(([, state]) => state);
  const distinct = [...new Set(near)];
  return distinct.length === 1 ? distinct[0]! : null;
}

/**
 * India Post's PIN zones: the first two digits (or three where a circle shares them) and the states
 * whose PIN codes start so. Permissive where circles share a prefix; 9 (Army Postal Service) and
 * the unused prefixes (35, 54, 55, 65, 66) belong to no state.
 */
const PIN_PREFIXES: ReadonlyArray<readonly [string, readonly IndianState[]]> = [
  ['11', ['Delhi']],
  ['12', ['Haryana']],
  ['13', ['Haryana']],
  ['14', ['Punjab']],
  ['15', ['Punjab']],
  ['16', ['Punjab', 'Chandigarh']],
  ['17', ['Himachal Pradesh']],
  ['18', ['Jammu and Kashmir']],
  ['19', ['Jammu and Kashmir', 'Ladakh']],
  ['20', ['Uttar Pradesh']],
  ['21', ['Uttar Pradesh']],
  ['22', ['Uttar Pradesh']],
  ['23', ['Uttar Pradesh']],
  ['24', ['Uttar Pradesh', 'Uttarakhand']],
  ['25', ['Uttar Pradesh']],
  ['26', ['Uttar Pradesh', 'Uttarakhand']],
  ['27', ['Uttar Pradesh']],
  ['28', ['Uttar Pradesh']],
  ['30', ['Rajasthan']],
  ['31', ['Rajasthan']],
  ['32', ['Rajasthan']],
  ['33', ['Rajasthan']],
  ['34', ['Rajasthan']],
  ['36', ['Gujarat']],
  ['362', ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu']],
  ['37', ['Gujarat']],
  ['38', ['Gujarat']],
  ['39', ['Gujarat']],
  ['396', ['Gujarat', 'Dadra and Nagar Haveli and Daman and Diu']],
  ['40', ['Maharashtra']],
  ['403', ['Goa']],
  ['41', ['Maharashtra']],
  ['42', ['Maharashtra']],
  ['43', ['Maharashtra']],
  ['44', ['Maharashtra']],
  ['45', ['Madhya Pradesh']],
  ['46', ['Madhya Pradesh']],
  ['47', ['Madhya Pradesh']],
  ['48', ['Madhya Pradesh']],
  ['49', ['Chhattisgarh']],
  ['50', ['Telangana', 'Andhra Pradesh']],
  ['51', ['Andhra Pradesh']],
  ['52', ['Andhra Pradesh']],
  ['53', ['Andhra Pradesh']],
  ['533', ['Andhra Pradesh', 'Puducherry']],
  ['56', ['Karnataka']],
  ['57', ['Karnataka']],
  ['58', ['Karnataka']],
  ['59', ['Karnataka']],
  ['60', ['Tamil Nadu']],
  ['605', ['Tamil Nadu', 'Puducherry']],
  ['609', ['Tamil Nadu', 'Puducherry']],
  ['61', ['Tamil Nadu']],
  ['62', ['Tamil Nadu']],
  ['63', ['Tamil Nadu']],
  ['64', ['Tamil Nadu']],
  ['67', ['Kerala']],
  ['673', ['Kerala', 'Puducherry']],
  ['68', ['Kerala']],
  ['682', ['Kerala', 'Lakshadweep']],
  ['69', ['Kerala']],
  ['70', ['West Bengal']],
  ['71', ['West Bengal']],
  ['72', ['West Bengal']],
  ['73', ['West Bengal']],
  ['737', ['Sikkim']],
  ['74', ['West Bengal']],
  ['744', ['Andaman and Nicobar Islands']],
  ['75', ['Odisha']],
  ['76', ['Odisha']],
  ['77', ['Odisha']],
  ['78', ['Assam']],
  ['79', ['Arunachal Pradesh', 'Meghalaya', 'Manipur', 'Mizoram', 'Nagaland', 'Tripura']],
  ['80', ['Bihar', 'Jharkhand']],
  ['81', ['Bihar', 'Jharkhand']],
  ['82', ['Bihar', 'Jharkhand']],
  ['83', ['Bihar', 'Jharkhand']],
  ['84', ['Bihar', 'Jharkhand']],
  ['85', ['Bihar', 'Jharkhand']],
];
const PIN_MAP = new Map(PIN_PREFIXES);

/** The states a PIN code can belong to (its three-digit prefix if listed, else its two-digit). */
export function statesForPin(pin: string): readonly IndianState[] {
  if (!/^[1-9]\d{5}$/.test(pin.trim())) return [];
  const p = pin.trim();
  return PIN_MAP.get(p.slice(0, 3)) ?? PIN_MAP.get(p.slice(0, 2)) ?? [];
}

/** Whether a PIN code can belong to the state. */
export function pinMatchesState(pin: string, state: IndianState): boolean {
  return statesForPin(pin).includes(state);
}

export type PlaceOfSupply = { state: IndianState; code: string };

/**
 * The place of supply of a delivery address, or null when it cannot be told for sure: the state
 * does not normalise to one of the 36, or the PIN code cannot belong to it. Never a guess.
 */
export function placeOfSupply(address: { state: string; postalCode: string }): PlaceOfSupply | null {
  const state = normaliseState(address.state);
  if (!state || !pinMatchesState(address.postalCode, state)) return null;
  return { state, code: STATE_GST_CODE[state] };
}

/** 'Maharashtra (27)'. */
export function placeOfSupplyLabel(p: PlaceOfSupply): string {
  return `${p.state} (${p.code})`;
}
