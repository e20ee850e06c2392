import { LogController, type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import type { Bindings, Logger } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
const BINDINGS = Symbol('request log bindings');
const CHILD = Symbol('request log child');
/** Writes one line with the request's bindings in it, through its child if made, else the parent. */
const LINE = Symbol('request log line');

type Level = (typeof LEVELS)[number];
type LineWriter = (
  level: Level,
  fields: Record<string, unknown>,
  message: string,
  fixedFields: boolean,
) => void;

type Deferred = Logger & { [BINDINGS]: Bindings; [CHILD]?: Logger; [LINE]: LineWriter };

/** One prototype per parent logger: a request's logger is then one object with one field. */
const prototypes = new WeakMap<Logger, object>();

function deferredPrototype(parent: Logger): object {
  const made = prototypes.get(parent);
  if (made) return made;
  const child = (self: Deferred) => (self[CHILD] ??= parent.child(self[BINDINGS]));
  // Everything else (level, isLevelEnabled, flush, the levels' values) is the parent's.
  const proto: Record<string | symbol, unknown> = Object.create(parent) as Record<string | symbol, unknown>;
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
  // The same line the child would write: pino puts a child's bindings after `hostname` and before
  // the line's own fields, so `{ ...bindings, ...fields }` on the parent gives the same bytes
  // without making the child (its bindings serialised and redacted once more). A line whose fields
  // cannot hold a personal field (`fixedFields`: the request and response serializers' output, the
  // response time) goes through a sibling of the parent without the redaction, which on such a line
  // changes nothing and costs most of its writing (about 15 of 20 µs with pino 10's redaction).
  let unredacted: Logger | undefined;
  proto[LINE] = function (
    this: Deferred,
    level: Level,
    fields: Record<string, unknown>,
    message: string,
    fixedFields: boolean,
  ) {
    const made = this[CHILD];
    if (made) made[level](fields, message);
    else if (!parent.isLevelEnabled(level)) return;
    else if (fixedFields)
      (unredacted ??= parent.child({}, { redact: { paths: [] } }))[level](
        { ...this[BINDINGS], ...fields },
        message,
      );
    else parent[level]({ ...this[BINDINGS], ...fields }, message);
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

/** Writes a line on a request's logger; without making its pino child when it has none yet. */
function requestLine(
  log: FastifyBaseLogger,
  level: Level,
  fields: Record<string, unknown>,
  message: string,
  fixedFields: boolean,
) {
  const deferred = log as Partial<Deferred>;
  if (deferred[LINE]) deferred[LINE](level, fields, message, fixedFields);
  else log[level](fields, message);
}

/**
 * One log line per request, as pino-http writes (decision 0096): Fastify's own logging writes two at
 * `info`, "incoming request" (the request) when it arrives and "request completed" (the status and
 * response time) when it has been answered, each serialised, redacted and written to stdout. Here
 * the arrival writes nothing and the completion writes both: `reqId`, `req` (method, url, host,
 * remote address and port, Fastify's request serializer), `res` (status code) and `responseTime`
 * (ms), at `info`, or "request errored" at `error` with `err` when the answer failed. A request that
 * never completes (a client gone before its answer) leaves no line of its own; its errors are logged
 * as before. Every other line Fastify writes (404s, error handling, stream errors) is unchanged.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: Parameters<LogController['requestCompleted']>[1],
    reply: Parameters<LogController['requestCompleted']>[2],
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error)
      requestLine(
        reply.log,
        'error',
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
        false,
      );
    else
      requestLine(
        reply.log,
        'info',
        // Fastify's serializers write fixed fields for both (method, url, host, remote address and
        // port; status code): no personal field to redact.
        { req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
        true,
      );
  }
}
