import type { Config } from '../../env';
import type { Db } from '../../db/client';
import type { Carrier } from './carrier';
import { createSandboxCarrier, type SandboxCarrier } from './sandbox-carrier';

/**
 * The carrier the shop books with, and the sandbox's advance actions when it is the sandbox. Today
 * only the sandbox exists here; the Shiprocket client (SHIPPING=shiprocket) is chosen here once it is
 * merged. Tests inject a carrier (an outage, a crash after booking) and still get the sandbox's steps.
 */
export function createCarrier(
  config: Config,
  db: Db,
  now: () => Date,
  injected?: Carrier,
): { carrier: Carrier; sandboxCarrier?: SandboxCarrier } {
  const sandbox = createSandboxCarrier(db, {
    now,
    secret: config.webhookSecret,
    timeZone: config.BUSINESS_TIMEZONE,
  });
  return { carrier: injected ?? sandbox.carrier, sandboxCarrier: sandbox };
}
