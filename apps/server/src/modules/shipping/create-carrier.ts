import type { Config } from '../../env';
import type { Db } from '../../db/client';
import type { Carrier } from './carrier';
import { createSandboxCarrier, type SandboxCarrier } from './sandbox-carrier';
import { createShiprocketCarrier, shiprocketConfigFrom } from './shiprocket-carrier';

/**
 * The carrier the shop books with (SHIPPING, chosen once like PAYMENTS): Shiprocket, or the offline
 * sandbox with its advance actions. Tests inject a carrier (an outage, a crash after booking) and
 * still get the sandbox's steps.
 */
export function createCarrier(
  config: Config,
  db: Db,
  now: () => Date,
  injected?: Carrier,
): { carrier: Carrier; sandboxCarrier?: SandboxCarrier } {
  if (!injected && config.SHIPPING === 'shiprocket') {
    return { carrier: createShiprocketCarrier(shiprocketConfigFrom(config)) };
  }
  const sandbox = createSandboxCarrier(db, {
    now,
    secret: config.webhookSecret,
    timeZone: config.BUSINESS_TIMEZONE,
  });
  return { carrier: injected ?? sandbox.carrier, sandboxCarrier: sandbox };
}
