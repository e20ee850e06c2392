import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, Logger } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
const BINDINGS = Symbol('request log bindings');
const CHILD = Symbol('request log child');

type Deferred = Logger & { [BINDINGS]: Bindings; [CHILD]?: Logger };

/** One prototype per parent logger: a request's logger is then one object with one field. */
const prototypes = new WeakMap<Logger, object>();

function deferredPrototype(parent: Logger): object {
  const made = prototypes.get(parent);
  if (made) return made;
  const child = (self: Deferred) => (self[CHILD] ??= parent.child(self[BINDINGS]));
  // Everything else (level, isLevelEnabled, flush, the levels' values) is the parent's.
  const proto: Record<string, unknown> = Object.create(parent) as Record<string, unknown>;
  for (const level of LEVELS)
    proto[level] = function (this: Deferred, ...args: Parameters<Logger['info']>) {
      if (parent.isLevelEnabled(level)) child(this)[level](...args);
    };
  proto.child = function (this: Deferred, ...args: Parameters<Logger['child']>) {
    return child(this).child(...args);
  };
  proto.bindings = function (this: Deferred) {
    return child(this).bindings();
  };
  proto.setBindings = function (this: Deferred, bindings: Bindings) {
    child(this).setBindings(bindings);
  };
  prototypes.set(parent, proto);
  return proto;
}

/**
 * Fastify gives every request a pino child logger carrying its `reqId`. Making one costs about 3 %
 * of a cached hit (decision 0087): pino serialises the bindings at once and, with the log privacy
 * paths (`*.email`, …, lib/log-privacy.ts), runs its redaction over them. Most requests write no
 * line at the configured level, so a request's logger makes that child only when it first writes a
 * line at an enabled level (or is asked for a child or its bindings): every line a request writes
 * still comes from the same pino child, with its `reqId` and the same redaction and serializers.
 * A route with its own log level or serializers gets its child at once, as before.
 */
export const deferredChildLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = function (
  parent,
  bindings,
  opts,
) {
  // No pino (`logger: false` gives Fastify's silent stand-in), or a route's own level or serializers.
  if (!('isLevelEnabled' in parent) || opts.level !== undefined || opts.serializers !== undefined)
    return parent.child(bindings, opts);
  const logger = Object.create(deferredPrototype(parent as Logger)) as Deferred;
  logger[BINDINGS] = bindings;
  return logger as FastifyBaseLogger;
};
