// @vitest-environment happy-dom
import { expect, it } from 'vitest';
import './zod-config';
import { z } from 'zod';

it('zod loaded after the app configured it parses without probing for eval (jitless)', () => {
  expect(z.config().jitless).toBe(true);
  expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
});
