import type { Carrier, ServiceabilityQuery } from '../src/modules/shipping/carrier';

/**
 * A carrier that only answers serviceability, as a test sets it: PIN codes in `unserved` are not
 * served, every other one in `etaDays`; `down` makes it fail like an outage. Counts its calls.
 */
export function fakeCarrier(opts: { etaDays?: number; unserved?: string[] } = {}) {
  const state = { etaDays: opts.etaDays ?? 3, unserved: new Set(opts.unserved ?? []), down: false };
  const calls: ServiceabilityQuery[] = [];
  const unused = () => Promise.reject(new Error('not used by these tests'));
  const carrier: Carrier = {
    mode: 'sandbox',
    async serviceability(query) {
      calls.push(query);
      if (state.down) throw new Error('carrier down');
      if (state.unserved.has(query.deliveryPin)) return { serviceable: false };
      return {
        serviceable: true,
        rates: [{ courierId: 'c1', courierName: 'Test Courier', chargePaise: 9000, etaDays: state.etaDays }],
      };
    },
    book: unused,
    label: unused,
    manifest: unused,
    schedulePickup: unused,
    cancel: unused,
    track: unused,
    verifyWebhook: () => false,
    parseWebhook: () => [],
  };
  return { carrier, calls, state };
}
