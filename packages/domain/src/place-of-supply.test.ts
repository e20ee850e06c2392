import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { INDIAN_STATES } from './indian-states';
import {
  STATE_GST_CODE,
  normaliseState,
  pinMatchesState,
  placeOfSupply,
  placeOfSupplyLabel,
  statesForPin,
} from './place-of-supply';

describe('STATE_GST_CODE', () => {
  it('gives each of the 36 states and union territories its own GST code', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    const codes = INDIAN_STATES.map((s) => STATE_GST_CODE[s]);
    expect(new Set(codes).size).toBe(36);
    expect(STATE_GST_CODE.Maharashtra).toBe('27');
    expect(STATE_GST_CODE.Delhi).toBe('07');
    expect(STATE_GST_CODE['Tamil Nadu']).toBe('33');
    expect(STATE_GST_CODE.Ladakh).toBe('38');
  });
});

describe('normaliseState', () => {
  it.each([
    ['Maharashtra', 'Maharashtra'],
    ['  maharashtra ', 'Maharashtra'],
    ['MH', 'Maharashtra'],
    ['mh.', 'Maharashtra'],
    ['Maharastra', 'Maharashtra'],
    ['Maharashtr', 'Maharashtra'],
    ['27', 'Maharashtra'],
    ['27 - Maharashtra', 'Maharashtra'],
    ['TN', 'Tamil Nadu'],
    ['Tamilnadu', 'Tamil Nadu'],
    ['TAMIL NADU', 'Tamil Nadu'],
    ['Delhi', 'Delhi'],
    ['New Delhi', 'Delhi'],
    ['NCT of Delhi', 'Delhi'],
    ['7', 'Delhi'],
    ['Orissa', 'Odisha'],
    ['Pondicherry', 'Puducherry'],
    ['Uttaranchal', 'Uttarakhand'],
    ['J&K', 'Jammu and Kashmir'],
    ['Jammu & Kashmir', 'Jammu and Kashmir'],
    ['Andaman & Nicobar Islands', 'Andaman and Nicobar Islands'],
    ['Daman and Diu', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['Karnatak', 'Karnataka'],
    ['West Bangal', 'West Bengal'],
  ])('%s -> %s', (input, state) => {
    expect(normaliseState(input)).toBe(state);
  });

  it.each([
    '',
    '   ',
    'Bombay state',
    'XY',
    'Goaa',
    '99',
    '25',
    '27 Karnataka',
    'India',
    'Pradesh',
    null,
    undefined,
  ])('refuses %s', (input) => {
    expect(normaliseState(input)).toBeNull();
  });

  it('keeps every pair of the 36 names at least 3 edits apart, so a 2-letter typo names at most one', () => {
    const squash = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
    const d = (a: string, b: string) => {
      const m = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
      for (let j = 0; j <= b.length; j += 1) m[0]![j] = j;
      for (let i = 1; i <= a.length; i += 1)
        for (let j = 1; j <= b.length; j += 1)
          m[i]![j] = Math.min(
            m[i - 1]![j]! + 1,
            m[i]![j - 1]! + 1,
            m[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
          );
      return m[a.length]![b.length]!;
    };
    for (const a of INDIAN_STATES)
      for (const b of INDIAN_STATES) if (a < b) expect(d(squash(a), squash(b))).toBeGreaterThanOrEqual(3);
  });

  it('maps every listed name, in any case and spacing, and its GST code, to itself', () => {
    fc.assert(
      fc.property(fc.constantFrom(...INDIAN_STATES), fc.boolean(), fc.boolean(), (s, upper, spaced) => {
        const text = `${spaced ? '  ' : ''}${upper ? s.toUpperCase() : s.toLowerCase()}${spaced ? ' ' : ''}`;
        expect(normaliseState(text)).toBe(s);
        expect(normaliseState(STATE_GST_CODE[s])).toBe(s);
      }),
    );
  });

  it('answers one of the 36 or null for any text, never anything else', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const s = normaliseState(text);
        expect(s === null || (INDIAN_STATES as readonly string[]).includes(s)).toBe(true);
      }),
    );
  });
});

describe('PIN zones', () => {
  it.each([
    ['110001', 'Delhi'],
    ['122001', 'Haryana'],
    ['160017', 'Chandigarh'],
    ['141001', 'Punjab'],
    ['171001', 'Himachal Pradesh'],
    ['190001', 'Jammu and Kashmir'],
    ['194101', 'Ladakh'],
    ['226001', 'Uttar Pradesh'],
    ['248001', 'Uttarakhand'],
    ['302001', 'Rajasthan'],
    ['380001', 'Gujarat'],
    ['396210', 'Dadra and Nagar Haveli and Daman and Diu'],
    ['400001', 'Maharashtra'],
    ['411001', 'Maharashtra'],
    ['403001', 'Goa'],
    ['452001', 'Madhya Pradesh'],
    ['492001', 'Chhattisgarh'],
    ['500001', 'Telangana'],
    ['520001', 'Andhra Pradesh'],
    ['560025', 'Karnataka'],
    ['600001', 'Tamil Nadu'],
    ['605001', 'Puducherry'],
    ['682001', 'Kerala'],
    ['682555', 'Lakshadweep'],
    ['695001', 'Kerala'],
    ['700001', 'West Bengal'],
    ['737101', 'Sikkim'],
    ['744101', 'Andaman and Nicobar Islands'],
    ['751001', 'Odisha'],
    ['781001', 'Assam'],
    ['793001', 'Meghalaya'],
    ['799001', 'Tripura'],
    ['800001', 'Bihar'],
    ['834001', 'Jharkhand'],
  ] as const)('%s can be in %s', (pin, state) => {
    expect(pinMatchesState(pin, state)).toBe(true);
  });

  it.each([
    ['560025', 'Maharashtra'],
    ['400001', 'Karnataka'],
    ['403001', 'Maharashtra'],
    ['110001', 'Haryana'],
    ['781001', 'Meghalaya'],
    ['600001', 'Kerala'],
  ] as const)('%s cannot be in %s', (pin, state) => {
    expect(pinMatchesState(pin, state)).toBe(false);
  });

  it('knows no state for malformed, Army Postal Service and unused PIN codes', () => {
    for (const pin of [
      '',
      '12345',
      '1234567',
      '011001',
      'abcdef',
      '900001',
      '999999',
      '350001',
      '550001',
      '660001',
    ])
      expect(statesForPin(pin)).toEqual([]);
  });

  it('gives every state at least one PIN prefix', () => {
    const covered = new Set<string>();
    for (let p = 100; p <= 899; p += 1) for (const s of statesForPin(`${p}000`)) covered.add(s);
    expect([...covered].sort()).toEqual([...INDIAN_STATES].sort());
  });

  it('names only listed states for any six digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999999 }), (n) => {
        for (const s of statesForPin(String(n).padStart(6, '0')))
          expect((INDIAN_STATES as readonly string[]).includes(s)).toBe(true);
      }),
    );
  });
});

describe('placeOfSupply', () => {
  it('names the state and its code when state and PIN agree', () => {
    const p = placeOfSupply({ state: 'Maharastra', postalCode: '411001' });
    expect(p).toEqual({ state: 'Maharashtra', code: '27' });
    expect(placeOfSupplyLabel(p!)).toBe('Maharashtra (27)');
    expect(placeOfSupply({ state: 'MH', postalCode: '400001' })).toEqual({
      state: 'Maharashtra',
      code: '27',
    });
  });

  it('is null when the state is unknown or the PIN cannot be in it: never a guess', () => {
    expect(placeOfSupply({ state: 'Bombay state', postalCode: '400001' })).toBeNull();
    expect(placeOfSupply({ state: 'Maharashtra', postalCode: '560025' })).toBeNull();
  });

  it('agrees with pinMatchesState for every listed state and PIN', () => {
    fc.assert(
      fc.property(fc.constantFrom(...INDIAN_STATES), fc.integer({ min: 100000, max: 899999 }), (s, n) => {
        const pin = String(n);
        const p = placeOfSupply({ state: s, postalCode: pin });
        expect(p !== null).toBe(pinMatchesState(pin, s));
        if (p) expect(p).toEqual({ state: s, code: STATE_GST_CODE[s] });
      }),
    );
  });
});
