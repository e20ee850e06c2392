import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { REDACT_PATHS } from './log-privacy';
import { deferredChildLoggerFactory } from './request-logger';

describe("a request's logger", () => {
  it('makes its pino child only when it first writes a line at an enabled level, then keeps it', () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const parent = pino({ level: 'warn', redact: { paths: REDACT_PATHS, censor: '[private]' } }, stream);
    let children = 0;
    const child = parent.child.bind(parent);
    parent.child = ((...args: Parameters<typeof child>) => {
      children += 1;
      return child(...args);
    }) as typeof parent.child;
    const log = deferredChildLoggerFactory.call(
      {} as FastifyInstance,
      parent as unknown as FastifyBaseLogger,
      { reqId: 'req-7' },
      {},
      {} as never,
    );
    log.info({ email: 'asha@example.in' }, 'below the level');
    expect(children).toBe(0);
    log.warn({ email: 'asha@example.in' }, 'first');
    log.error('second');
    expect(children).toBe(1);
    expect(lines.map((l) => [l.reqId, l.msg, l.email])).toEqual([
      ['req-7', 'first', '[private]'],
      ['req-7', 'second', undefined],
    ]);
  });
});
