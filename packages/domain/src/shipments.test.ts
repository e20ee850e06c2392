import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  declaredValuePaise,
  orderStatusFromShipments,
  shipmentLineProblems,
  shipmentStatusAfter,
  unitsLeftToShip,
  weightMismatch,
  type ShipmentStatus,
  type ShipmentUnits,
} from './shipments';
import { SHIPMENT_EVENT_TYPES, type ShipmentEventType } from './shipment-events';
import { nextOrderStatusesWithShipments } from './order-states';

const line = (orderItemId: number, quantity: number) => ({ orderItemId, quantity });
const parcel = (
  status: ShipmentStatus,
  lines: { orderItemId: number; quantity: number }[],
): ShipmentUnits => ({
  status,
  direction: 'FORWARD',
  lines,
});

describe('order status from shipments', () => {
  const ordered = [line(1, 2), line(2, 1)];

  it('has no opinion without a live shipment', () => {
    expect(orderStatusFromShipments(ordered, [])).toBeNull();
    expect(orderStatusFromShipments(ordered, [parcel('CANCELLED', [line(1, 2), line(2, 1)])])).toBeNull();
  });

  it('is PROCESSING while anything is packed but not every unit has left', () => {
    expect(orderStatusFromShipments(ordered, [parcel('PACKED', [line(1, 1)])])).toBe('PROCESSING');
    expect(orderStatusFromShipments(ordered, [parcel('BOOKED', [line(1, 2), line(2, 1)])])).toBe(
      'PROCESSING',
    );
    expect(
      orderStatusFromShipments(ordered, [parcel('PICKED_UP', [line(1, 2)]), parcel('BOOKED', [line(2, 1)])]),
    ).toBe('PROCESSING');
  });

  it('is SHIPPED when every unit has left, DELIVERED when every unit arrived', () => {
    expect(
      orderStatusFromShipments(ordered, [
        parcel('IN_TRANSIT', [line(1, 2)]),
        parcel('DELIVERED', [line(2, 1)]),
      ]),
    ).toBe('SHIPPED');
    expect(
      orderStatusFromShipments(ordered, [
        parcel('DELIVERED', [line(1, 1)]),
        parcel('DELIVERED', [line(1, 1), line(2, 1)]),
      ]),
    ).toBe('DELIVERED');
  });

  it('a return parcel and cancelled parcels never count', () => {
    const back: ShipmentUnits = { status: 'DELIVERED', direction: 'RETURN', lines: [line(1, 2), line(2, 1)] };
    expect(orderStatusFromShipments(ordered, [back, parcel('PICKED_UP', [line(1, 2), line(2, 1)])])).toBe(
      'SHIPPED',
    );
    expect(
      orderStatusFromShipments(ordered, [
        parcel('CANCELLED', [line(1, 2)]),
        parcel('DELIVERED', [line(2, 1)]),
      ]),
    ).toBe('PROCESSING');
  });

  it('property: DELIVERED implies every unit is in a delivered parcel, SHIPPED implies every unit left', () => {
    const statuses: ShipmentStatus[] = ['PACKED', 'BOOKING', 'BOOKED', ...SHIPMENT_EVENT_TYPES, 'CANCELLED'];
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 3 }),
        fc.array(
          fc.tuple(
            fc.constantFrom(...statuses),
            fc.integer({ min: 0, max: 2 }),
            fc.integer({ min: 1, max: 4 }),
          ),
          {
            maxLength: 6,
          },
        ),
        (quantities, parcels) => {
          const lines = quantities.map((q, i) => line(i + 1, q));
          const shipments = parcels.map(([status, idx, q]) =>
            parcel(status, [line((idx % lines.length) + 1, q)]),
          );
          const result = orderStatusFromShipments(lines, shipments);
          const units = (ok: (s: ShipmentStatus) => boolean) => (id: number) =>
            shipments
              .filter((s) => ok(s.status))
              .flatMap((s) => s.lines)
              .filter((l) => l.orderItemId === id)
              .reduce((n, l) => n + l.quantity, 0);
          const delivered = units((s) => s === 'DELIVERED');
          const left = units((s) => !['PACKED', 'BOOKING', 'BOOKED', 'CANCELLED'].includes(s));
          if (result === 'DELIVERED')
            expect(lines.every((l) => delivered(l.orderItemId) >= l.quantity)).toBe(true);
          if (result === 'SHIPPED') expect(lines.every((l) => left(l.orderItemId) >= l.quantity)).toBe(true);
          if (result === null) expect(shipments.every((s) => s.status === 'CANCELLED')).toBe(true);
        },
      ),
    );
  });
});

describe('partial dispatch quantities', () => {
  const ordered = [
    { ...line(1, 3), name: 'Jhumka' },
    { ...line(2, 1), name: 'Ring' },
  ];

  it('refuses more than is left, lines of another order and a line listed twice', () => {
    const earlier = [parcel('BOOKED', [line(1, 2)])];
    expect(shipmentLineProblems(ordered, earlier, [line(1, 1), line(2, 1)])).toEqual([]);
    expect(shipmentLineProblems(ordered, earlier, [line(1, 2)])).toEqual([
      'Only 1 unit of Jhumka is left to pack',
    ]);
    expect(shipmentLineProblems(ordered, earlier, [line(9, 1)])).toEqual([
      'Line 9 is not a line of this order',
    ]);
    expect(shipmentLineProblems(ordered, earlier, [line(2, 1), line(2, 1)])).toEqual([
      'Line 2 is listed twice',
    ]);
    expect(shipmentLineProblems(ordered, [parcel('DELIVERED', [line(2, 1)])], [line(2, 1)])).toEqual([
      'Ring is already packed in full',
    ]);
    expect(shipmentLineProblems(ordered, [], [])).toEqual([
      'Choose at least one line and a quantity to pack',
    ]);
  });

  it('property: accepted requests never take a line past what was ordered, over any sequence of packings', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 2 }), fc.integer({ min: 1, max: 5 }), fc.boolean()), {
          maxLength: 12,
        }),
        (requests) => {
          const shipments: ShipmentUnits[] = [];
          for (const [id, q, cancelLater] of requests) {
            if (shipmentLineProblems(ordered, shipments, [line(id, q)]).length === 0)
              shipments.push(parcel(cancelLater ? 'CANCELLED' : 'BOOKED', [line(id, q)]));
            const left = unitsLeftToShip(ordered, shipments);
            for (const o of ordered) {
              expect(left.get(o.orderItemId)).toBeGreaterThanOrEqual(0);
              expect(left.get(o.orderItemId)).toBeLessThanOrEqual(o.quantity);
            }
            const live = shipments.filter((s) => s.status !== 'CANCELLED').flatMap((s) => s.lines);
            for (const o of ordered)
              expect(
                live.filter((l) => l.orderItemId === o.orderItemId).reduce((n, l) => n + l.quantity, 0),
              ).toBeLessThanOrEqual(o.quantity);
          }
        },
      ),
    );
  });
});

describe('carrier events move a shipment forward only', () => {
  const at = (m: number) => new Date(Date.UTC(2026, 10, 26, 10, m));

  it('applies a newer, further event; ignores a replay, an older event and anything after delivery', () => {
    expect(shipmentStatusAfter('BOOKED', at(0), { type: 'PICKED_UP', at: at(1) })).toBe('PICKED_UP');
    expect(shipmentStatusAfter('IN_TRANSIT', at(5), { type: 'IN_TRANSIT', at: at(6) })).toBeNull();
    expect(shipmentStatusAfter('OUT_FOR_DELIVERY', at(5), { type: 'IN_TRANSIT', at: at(4) })).toBeNull();
    expect(shipmentStatusAfter('OUT_FOR_DELIVERY', at(5), { type: 'PICKED_UP', at: at(6) })).toBeNull();
    expect(shipmentStatusAfter('DELIVERED', at(5), { type: 'DELIVERY_FAILED', at: at(6) })).toBeNull();
    expect(shipmentStatusAfter('CANCELLED', null, { type: 'PICKED_UP', at: at(6) })).toBeNull();
  });

  it('after a failed delivery the parcel may go out again or back in transit', () => {
    expect(shipmentStatusAfter('OUT_FOR_DELIVERY', at(1), { type: 'DELIVERY_FAILED', at: at(2) })).toBe(
      'DELIVERY_FAILED',
    );
    expect(shipmentStatusAfter('DELIVERY_FAILED', at(2), { type: 'OUT_FOR_DELIVERY', at: at(3) })).toBe(
      'OUT_FOR_DELIVERY',
    );
    expect(shipmentStatusAfter('DELIVERY_FAILED', at(2), { type: 'IN_TRANSIT', at: at(3) })).toBe(
      'IN_TRANSIT',
    );
    expect(shipmentStatusAfter('DELIVERY_FAILED', at(2), { type: 'RETURNED_TO_ORIGIN', at: at(3) })).toBe(
      'RETURNED_TO_ORIGIN',
    );
  });

  it('property: the journey BOOKED → DELIVERED delivered in any order ends where the latest event says', () => {
    const journey: ShipmentEventType[] = ['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED'];
    fc.assert(
      fc.property(
        fc.shuffledSubarray(
          journey.map((type, i) => ({ type, at: at(i + 1) })),
          { minLength: 1 },
        ),
        (events) => {
          let status: ShipmentStatus = 'BOOKED';
          let last: Date | null = at(0);
          for (const e of events) {
            const next = shipmentStatusAfter(status, last, e);
            if (next) {
              status = next;
              last = e.at;
            }
          }
          // Never behind the first event that arrived, never past the latest that exists.
          const rank = (s: ShipmentStatus) => ['BOOKED', ...journey].indexOf(s);
          expect(rank(status)).toBeGreaterThanOrEqual(rank(events[0]!.type));
          const latest = events.reduce((a, b) => (b.at > a.at ? b : a));
          expect(rank(status)).toBeLessThanOrEqual(rank(latest.type));
          // Sorted by time (what the service does with a batch), the parcel ends at the latest event.
          let sorted: ShipmentStatus = 'BOOKED';
          let sortedLast: Date | null = at(0);
          for (const e of [...events].sort((a, b) => a.at.getTime() - b.at.getTime())) {
            const next = shipmentStatusAfter(sorted, sortedLast, e);
            if (next) {
              sorted = next;
              sortedLast = e.at;
            }
          }
          expect(sorted).toBe(latest.type);
        },
      ),
    );
  });
});

describe('value rules', () => {
  it('the declared value is the packed units less their share of the coupon discount', () => {
    expect(
      declaredValuePaise([{ unitPricePaise: 500_000, quantity: 2 }], {
        subtotalPaise: 1_000_000,
        discountPaise: 0,
      }),
    ).toBe(1_000_000);
    expect(
      declaredValuePaise([{ unitPricePaise: 500_000, quantity: 1 }], {
        subtotalPaise: 1_000_000,
        discountPaise: 10_000,
      }),
    ).toBe(495_000);
  });

  it('flags a delivery weight beyond the tolerance only', () => {
    expect(weightMismatch(250, 260, 10)).toBe(false);
    expect(weightMismatch(250, 261, 10)).toBe(true);
    expect(weightMismatch(250, 239, 10)).toBe(true);
    expect(weightMismatch(250, null, 10)).toBe(false);
  });

  it('the dropdown offers no SHIPPED or DELIVERED once an order has shipments', () => {
    expect(nextOrderStatusesWithShipments('PROCESSING', 'CAPTURED', false)).toContain('SHIPPED');
    expect(nextOrderStatusesWithShipments('PROCESSING', 'CAPTURED', true)).toEqual(['CANCELLED']);
    expect(nextOrderStatusesWithShipments('SHIPPED', 'CAPTURED', true)).toEqual([]);
  });
});
