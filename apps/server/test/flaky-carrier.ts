import { CarrierUnavailableError, type Carrier } from '../src/modules/shipping/carrier';
import { createSandboxCarrier } from '../src/modules/shipping/sandbox-carrier';
import type { Db } from '../src/db/client';
import type { Config } from '../src/env';

/**
 * A carrier that fails as told before handing over to an inner one (the sandbox): `down` calls answer
 * as an outage; `crashAfterBooking` calls book at the inner carrier and then fail (the answer lost on
 * the way back); `refuse` calls are refused (a booking the carrier will not take). Set `inner` once the
 * test app (and its database) exists.
 */
export function flakyCarrier() {
  const state = {
    down: 0,
    crashAfterBooking: 0,
    refuse: 0,
    books: 0,
    inner: undefined as Carrier | undefined,
  };
  const carrier = new Proxy({} as Carrier, {
    get(_target, prop: keyof Carrier) {
      const inner = state.inner!;
      if (prop === 'book')
        return async (req: Parameters<Carrier['book']>[0]) => {
          state.books += 1;
          if (state.down > 0) {
            state.down -= 1;
            throw new CarrierUnavailableError('carrier answered 503');
          }
          if (state.refuse > 0) {
            state.refuse -= 1;
            throw new Error('Pickup pincode is not serviceable for reverse pickup');
          }
          const booking = await inner.book(req);
          if (state.crashAfterBooking > 0) {
            state.crashAfterBooking -= 1;
            throw new CarrierUnavailableError('connection reset after booking');
          }
          return booking;
        };
      const value: unknown = Reflect.get(inner, prop);
      return typeof value === 'function'
        ? (...args: unknown[]) => (value as (...a: unknown[]) => unknown).apply(inner, args)
        : value;
    },
  });
  return { carrier, state };
}

/** The app's own sandbox carrier (same database and clock), for `flakyCarrier().state.inner`. */
export function sandboxCarrierOf(db: Db, config: Config, now: () => Date): Carrier {
  return createSandboxCarrier(db, {
    now,
    secret: config.webhookSecret,
    timeZone: config.BUSINESS_TIMEZONE,
  }).carrier;
}
