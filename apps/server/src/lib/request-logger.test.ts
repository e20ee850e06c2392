import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { REDACT_PATHS } from './log-privacy';
import { deferredChildLoggerFactory, OneLinePerRequest } from './request-logger';

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

describe("a request's log line", () => {
  it('is one line per answered request: reqId, method, url, status and response time (decision 0096)', async () => {
    const lines: string[] = [];
    const t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health?probe=1' });
      expect(res.statusCode).toBe(200);
      const written = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => 'reqId' in l);
      expect(written).toHaveLength(1);
      expect(written[0]).toMatchObject({
        level: 30,
        msg: 'request completed',
        req: { method: 'GET', url: '/api/health?probe=1' },
        res: { statusCode: 200 },
      });
      expect(typeof written[0]!.reqId).toBe('string');
      expect(typeof written[0]!.responseTime).toBe('number');
    } finally {
      await t.close();
    }
  });

  it("is written without making the request's pino child, in the bytes its child would write", () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // No time or pid in the lines, so two lines written apart compare byte for byte; the request
    // and response serializers keep fixed fields, as Fastify's do.
    const parent = pino(
      {
        level: 'info',
        base: null,
        timestamp: false,
        redact: { paths: REDACT_PATHS, censor: '[private]' },
        serializers: {
          req: (r: { method: string; url: string }) => ({ method: r.method, url: r.url }),
          res: (r: { statusCode: number }) => ({ statusCode: r.statusCode }),
        },
      },
      stream,
    );
    let children = 0;
    const child = parent.child.bind(parent);
    parent.child = ((...args: Parameters<typeof child>) => {
      children += 1;
      return child(...args);
    }) as typeof parent.child;
    const deferred = () =>
      deferredChildLoggerFactory.call(
        {} as FastifyInstance,
        parent as unknown as FastifyBaseLogger,
        { reqId: 'req-9' },
        {},
        {} as never,
      );
    const request = { method: 'GET', url: '/api/products/name/ring', email: 'asha@example.in' };
    const reply = (log: FastifyBaseLogger) => ({ log, statusCode: 200, elapsedTime: 1.5 });
    const controller = new OneLinePerRequest();
    const complete = (err: Error | null) =>
      controller.requestCompleted(
        err,
        request as unknown as FastifyRequest,
        reply(deferred()) as unknown as FastifyReply,
      );
    complete(null);
    complete(null);
    // No child per request (one sibling without redaction, made once, for these lines).
    expect(children).toBe(1);
    child({ reqId: 'req-9' }).info(
      { req: request, res: { statusCode: 200 }, responseTime: 1.5 },
      'request completed',
    );
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(lines[2]);
    expect(lines[1]).toBe(lines[2]);
    expect(JSON.parse(lines[0]!)).toEqual({
      level: 30,
      reqId: 'req-9',
      req: { method: 'GET', url: '/api/products/name/ring' },
      res: { statusCode: 200 },
      responseTime: 1.5,
      msg: 'request completed',
    });
    // An error line goes through the redaction as every other line.
    complete(Object.assign(new Error('failed'), { email: 'asha@example.in' }));
    expect(lines[3]).not.toContain('asha@example.in');
    expect(JSON.parse(lines[3]!)).toMatchObject({ level: 50, reqId: 'req-9', msg: 'request errored' });
  });
});
