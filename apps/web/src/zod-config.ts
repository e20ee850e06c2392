/*
 * Zod probes for eval (new Function) to compile fast parsers; under the server's Content-Security-Policy
 * (no 'unsafe-eval') that probe is a CSP violation. The plain parser is fast enough for our forms.
 *
 * Set without importing zod: a shopper's first load carries no zod at all (it comes with the chunks
 * that validate), and zod takes its configuration from this global when it loads (every copy of zod
 * shares `globalThis.__zod_globalConfig`; `z.config()` writes the same object). zod-config.test.ts
 * checks that zod sees it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
