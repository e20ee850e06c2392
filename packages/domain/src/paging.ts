import { z } from 'zod';
import { safeString } from './primitives';

/** Zero-based page query. Strings from the query string are coerced; bad values are a 400, never a 500. */
export function pageQuerySchema(defaultSize = 10, maxSize = 100) {
  return z.object({
    page: z.coerce.number().int().min(0).max(1_000_000).default(0),
    size: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
  });
}
/** Largest id a PostgreSQL integer column holds; a larger id is a 400, never a database error. */
export const MAX_DB_ID = 2_147_483_647;
/**
 * A database id in a path, query string or body: a JSON integer or decimal digits only ('0x10',
 * '1e3', ' 1' and 'true' are 400, not ids 16, 1000 or 1).
 */
export const dbIdSchema = z
  .union([
    z.number(),
    safeString()
      .regex(/^[0-9]{1,10}$/, 'Must be a whole number')
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(MAX_DB_ID));
export const idParamsSchema = z.object({ id: dbIdSchema });

export const pageQuery = pageQuerySchema();
export type PageQuery = z.infer<typeof pageQuery>;

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    totalPages: z.number().int(),
    totalElements: z.number().int(),
    size: z.number().int(),
    number: z.number().int(),
  });
}
export type Paged<T> = {
  content: T[];
  totalPages: number;
  totalElements: number;
  size: number;
  number: number;
};

export function toPaged<T>(content: T[], totalElements: number, q: PageQuery): Paged<T> {
  return {
    content,
    totalElements,
    totalPages: Math.ceil(totalElements / q.size),
    size: q.size,
    number: q.page,
  };
}
