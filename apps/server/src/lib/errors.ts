import type { ErrorCode } from '@zevar/domain';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  REAUTH_REQUIRED: 403,
  SECOND_FACTOR_ENROLMENT_REQUIRED: 403,
  NOT_FOUND: 404,
  NOT_IN_PLAN: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  PAYMENT_ERROR: 502,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
};

export type Issue = { path: string; message: string };

/** The one error type services throw; the error handler turns it into `{ code, message, issues? }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: Issue[],
    readonly details?: Record<string, unknown>,
    /** Response headers such as Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new AppError('CONFLICT', message, undefined, details);
export const badRequest = (message: string, issues?: Issue[]) => new AppError('BAD_REQUEST', message, issues);
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('FORBIDDEN', message);
