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

const realConsoleError = console.error;
let expected: Expected[] = [];
let unexpected: string[] = [];

/**
 * Announces that the running test makes the code log an error matching `pattern` (a RegExp, or a
 * string the message contains). Matching calls stay quiet; the test fails if none happens.
 */
export function expectConsoleError(pattern: RegExp | string): void {
  expected.push({
    pattern:
      typeof pattern === 'string' ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : pattern,
    seen: false,
  });
}

beforeEach(() => {
  expected = [];
  unexpected = [];
  console.error = (...args: unknown[]) => {
    const text = format(...args);
    const match = expected.find((e) => e.pattern.test(text));
    if (match) {
      match.seen = true;
      return;
    }
    unexpected.push(text);
    realConsoleError(...args);
  };
});

afterEach(() => {
  console.error = realConsoleError;
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
