import type { LogFn, Logger } from 'pino';

/** pino's level number for `error`. */
const ERROR_LEVEL = 50;

/** A stream ended because the client went away (a closed tab, a download cancelled, a bench's ending). */
function isClientAbort(value: unknown): boolean {
  const err = value instanceof Error ? value : (value as { err?: unknown } | undefined)?.err;
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  return err.message === 'premature close' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/**
 * pino's `hooks.logMethod` for the app's logger: a client that closes its connection while a
 * compressed answer streams makes @fastify/compress log `premature close` at error level, for every
 * such request. That is normal traffic, not a fault: it is logged at debug. Every other error,
 * stream errors included, keeps its level.
 */
export function quietClientAborts(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number) {
  if (level >= ERROR_LEVEL && isClientAbort(args[0])) {
    this.debug(...args);
    return;
  }
  method.apply(this, args);
}
