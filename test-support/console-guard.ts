/**
 * Vitest setup for the web and server projects: a test fails when something calls console.error that
 * the test did not announce with expectConsoleError(). React's act() warnings, a failed request the
 * screen forgot to handle, a rejected promise logged by a catch: each is a fault, not noise.
 */
import { afterEach, beforeEach } from 'vitest';

type Expected = { pattern: RegExp; seen: boolean };

/** console.error's text: '%s'-style substitutions (React uses them), errors with their message. */
function format(...args: unknown[]): string {
  const show = (value: unknown) =>
    value instanceof Error
      ? `${value.name}: ${value.message}`
      : typeof value === 'string'
        ? value
        : String(value);
  const [first, ...rest] = args;
  if (typeof first !== 'string') return args.map(show).join(' ');
  const text = first.replace(/%[sdifoOc]/g, (spec) => (rest.length > 0 ? show(rest.shift()) : spec));
  return [text, ...rest.map(show)].join(' ');
}

type GuardState = { expected: Expected[]; unexpected: string[]; realConsoleError: typeof console.error };

/*
 * One state for every copy of this module in a worker. Where a worker's files share their modules
 * (isolate: false), vitest evaluates this setup file again before each file, while a test helper that
 * re-exports expectConsoleError (apps/web/src/test/utils.tsx) keeps the copy it imported first: both
 * must see the same expectations. The real console.error is the one the first copy found.
 */
const STATE = Symbol.for('zevar.console-guard');
const store = globalThis as typeof globalThis & { [STATE]?: GuardState };
const state = (store[STATE] ??= { expected: [], unexpected: [], realConsoleError: console.error });

/**
 * Announces that the running test makes the code log an error matching `pattern` (a RegExp, or a
 * string the message contains). Matching calls stay quiet; the test fails if none happens.
 */
export function expectConsoleError(pattern: RegExp | string): void {
  state.expected.push({
    pattern:
      typeof pattern === 'string' ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : pattern,
    seen: false,
  });
}

beforeEach(() => {
  state.expected = [];
  state.unexpected = [];
  console.error = (...args: unknown[]) => {
    const text = format(...args);
    const match = state.expected.find((e) => e.pattern.test(text));
    if (match) {
      match.seen = true;
      return;
    }
    state.unexpected.push(text);
    state.realConsoleError(...args);
  };
});

afterEach(() => {
  console.error = state.realConsoleError;
  const { expected, unexpected } = state;
  const missing = expected.filter((e) => !e.seen).map((e) => String(e.pattern));
  if (unexpected.length > 0) {
    throw new Error(
      `console.error was called ${unexpected.length} time(s) without expectConsoleError() (test-support/console-guard.ts):\n` +
        unexpected.map((t) => `  ${t.split('\n')[0]}`).join('\n'),
    );
  }
  if (missing.length > 0) {
    throw new Error(`expectConsoleError(${missing.join(', ')}) was announced but nothing logged it`);
  }
});
