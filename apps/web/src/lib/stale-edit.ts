import type { z } from 'zod';
import { STALE_EDIT_MESSAGE } from '@zevar/domain';
import { isApiError } from './api';

/**
 * The newer record a 409 'changed by someone else' answer carries (`current`), when this error is
 * one and the record reads as `schema`; null otherwise (issue 20 item 7, decision 0023).
 */
export function staleCurrent<T>(err: unknown, schema: z.ZodType<T>): T | null {
  if (!isApiError(err) || err.status !== 409 || err.message !== STALE_EDIT_MESSAGE) return null;
  const parsed = schema.safeParse(err.body.current);
  return parsed.success ? parsed.data : null;
}
