import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { quietClientAborts } from './client-abort-log';

function logger(level: string) {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  return { log: pino({ level, hooks: { logMethod: quietClientAborts } }, stream), lines };
}

describe('quietClientAborts', () => {
  it('logs a client closing a streamed answer at debug, not error', () => {
    const { log, lines } = logger('info');
    log.error(new Error('premature close'));
    log.error({ err: Object.assign(new Error('aborted'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }) }, 'stream');
    expect(lines).toEqual([]);

    const verbose = logger('debug');
    verbose.log.error(new Error('premature close'));
    expect(verbose.lines.map((l) => [l.level, l.msg])).toEqual([[20, 'premature close']]);
  });

  it('keeps every other error at its level', () => {
    const { log, lines } = logger('info');
    log.error(new Error('EPIPE while writing the invoice'));
    log.error({ err: new Error('disk full') }, 'upload failed');
    log.warn(new Error('premature close'));
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [50, 'EPIPE while writing the invoice'],
      [50, 'upload failed'],
      [40, 'premature close'],
    ]);
  });
});
