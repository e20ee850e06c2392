import { TRACK_TEXT } from '@zevar/domain';
import type { Config } from '../../env';
import { AppError } from '../../lib/errors';
import { createTrackingSecrets } from './tracking-secrets';

/**
 * The order a buyer's tracking token (from /track/verify) opens, for other buyer actions on the
 * tracking page (a return request); 401 with the tracking page's words when it is missing, forged
 * or expired.
 */
export function trackedOrderOfToken(
  config: Pick<Config, 'JWT_SECRET'>,
  token: string | undefined,
  now: Date,
): string {
  const orderId = token ? createTrackingSecrets(config.JWT_SECRET).orderOfToken(token, now) : null;
  if (!orderId) throw new AppError('UNAUTHORIZED', TRACK_TEXT.sessionEnded);
  return orderId;
}
