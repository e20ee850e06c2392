import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RETURN_ACTIONS,
  RETURN_STATUSES,
  mayBookPickupAgain,
  maySendBack,
  returnHuidProblems,
  returnStage,
  returnStatusAfter,
  returnableUnits,
} from './returns';
import { SHIPMENT_STATUSES } from './shipments';

const status = fc.constantFrom(...RETURN_STATUSES);
const pickup = fc.option(fc.constantFrom(...SHIPMENT_STATUSES), { nil: null });
const action = fc.constantFrom(...RETURN_ACTIONS);

describe('returnStatusAfter', () => {
  it('approve and reject only a request; accept and refuse only an approved return whose parcel reached the shop', () => {
    fc.assert(
      fc.property(status, pickup, action, (s, p, a) => {
        const next = returnStatusAfter(s, p, a);
        if (a === 'APPROVE' || a === 'REJECT')
          expect(next).toBe(s === 'REQUESTED' ? (a === 'APPROVE' ? 'APPROVED' : 'REJECTED') : null);
        else
          expect(next).toBe(
            s === 'APPROVED' && p === 'DELIVERED' ? (a === 'ACCEPT' ? 'ACCEPTED' : 'REFUSED') : null,
          );
      }),
    );
  });

  it('ended returns never move again, and no action leads back to REQUESTED', () => {
    fc.assert(
      fc.property(fc.constantFrom('REJECTED', 'ACCEPTED', 'REFUSED' as const), pickup, action, (s, p, a) => {
        expect(returnStatusAfter(s, p, a)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(status, pickup, action, (s, p, a) => {
        expect(returnStatusAfter(s, p, a)).not.toBe('REQUESTED');
      }),
    );
  });
});

describe('returnStage', () => {
  it('an approved return follows its pickup; other statuses are their own stage', () => {
    expect(returnStage('APPROVED', null)).toBe('PICKUP_BOOKING');
    expect(returnStage('APPROVED', 'BOOKING')).toBe('PICKUP_BOOKING');
    expect(returnStage('APPROVED', 'BOOKED')).toBe('PICKUP_BOOKED');
    expect(returnStage('APPROVED', 'IN_TRANSIT')).toBe('ON_ITS_WAY');
    expect(returnStage('APPROVED', 'DELIVERED')).toBe('RECEIVED');
    expect(returnStage('APPROVED', 'DELIVERY_FAILED')).toBe('PICKUP_FAILED');
    // A reverse pickup is queued BOOKING: back at PACKED, the carrier refused it.
    expect(returnStage('APPROVED', 'PACKED')).toBe('PICKUP_FAILED');
    fc.assert(
      fc.property(status, pickup, (s, p) => {
        if (s !== 'APPROVED') expect(returnStage(s, p)).toBe(s);
        // Inspection is allowed exactly at RECEIVED.
        expect(returnStage(s, p) === 'RECEIVED').toBe(returnStatusAfter(s, p, 'ACCEPT') !== null);
      }),
    );
  });
});

describe('mayBookPickupAgain and maySendBack', () => {
  it('a pickup is booked again only for an approved return whose pickup failed', () => {
    expect(mayBookPickupAgain('APPROVED', 'DELIVERY_FAILED')).toBe(true);
    expect(mayBookPickupAgain('APPROVED', 'PACKED')).toBe(true);
    expect(mayBookPickupAgain('APPROVED', 'BOOKING')).toBe(false);
    fc.assert(
      fc.property(status, pickup, (s, p) => {
        expect(mayBookPickupAgain(s, p)).toBe(s === 'APPROVED' && returnStage(s, p) === 'PICKUP_FAILED');
        // Never while the pickup is moving or has reached the shop.
        if (p === 'BOOKED' || p === 'IN_TRANSIT' || p === 'DELIVERED')
          expect(mayBookPickupAgain(s, p)).toBe(false);
      }),
    );
  });

  it('only a refused piece is sent back, and only once', () => {
    fc.assert(
      fc.property(status, fc.boolean(), (s, sent) => {
        expect(maySendBack(s, sent)).toBe(s === 'REFUSED' && !sent);
      }),
    );
  });
});

describe('returnableUnits', () => {
  it('never negative, never more than delivered, and what is in an open return or refunded is not offered again', () => {
    fc.assert(
      fc.property(fc.nat(20), fc.nat(20), fc.nat(20), (d, r, o) => {
        const u = returnableUnits({ deliveredUnits: d, refundedUnits: r, returningUnits: o });
        expect(u).toBeGreaterThanOrEqual(0);
        expect(u).toBeLessThanOrEqual(d);
        expect(u + r + o).toBeGreaterThanOrEqual(d);
      }),
    );
  });
});

describe('returnHuidProblems', () => {
  const lines = [
    { orderItemId: 1, name: 'Ring', quantity: 1, candidates: ['AAA111', 'BBB222'] },
    { orderItemId: 2, name: 'Chain', quantity: 1, candidates: [] },
  ];
  it('a hallmarked line needs one of its pieces per unit; an unhallmarked line none', () => {
    expect(returnHuidProblems(lines, ['BBB222'])).toEqual([]);
    expect(returnHuidProblems(lines, [])).toEqual(['Ring: 1 HUID(s) expected, 0 found']);
    expect(returnHuidProblems(lines, ['AAA111', 'BBB222'])).toEqual(['Ring: 1 HUID(s) expected, 2 found']);
    expect(returnHuidProblems(lines, ['BBB222', 'ZZZ999'])).toEqual([
      'HUID ZZZ999 is not one of the pieces returned',
    ]);
  });
});
