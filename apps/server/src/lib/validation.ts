import type { z } from 'zod';
import { AppError } from './errors';

/** Parses with a schema chosen at run time (e.g. by who is asking); failures are 400 with field issues. */
export function parseOrThrow<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new AppError(
    'VALIDATION',
    'Invalid body',
    result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  );
}
