import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Razorpay's browser checkout: its script, the frames it opens and the calls it makes. */
const RAZORPAY = {
  // checkout.js loads its risk-detection bundle from the CDN.
  scripts: ['https://checkout.razorpay.com', 'https://cdn.razorpay.com'],
  frames: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://*.razorpay.com'],
};

/**
 * Security headers on every page and API answer (docs/decisions/0011-security-internet-facing.md).
 * Scripts: only our own files and Razorpay's checkout.js, nothing inline (the server-rendered head
 * carries JSON-LD data blocks, which are not executed and need no allowance). Styles: only our own
 * files; the app sets element styles through the CSSOM, which the policy allows. Only with the real
 * gateway are inline styles allowed, because Razorpay's checkout.js styles the window it inserts
 * into our page inline and takes no nonce.
 */
export function helmetOptions(payments: 'sandbox' | 'razorpay'): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...RAZORPAY.scripts],
        styleSrc: payments === 'razorpay' ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...RAZORPAY.connect],
        frameSrc: RAZORPAY.frames,
        formAction: ["'self'", ...RAZORPAY.frames],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
    // Razorpay opens bank and UPI pages in popups that report back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Uploaded images are shown in mail clients and link previews on other sites.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sent below, and only over HTTPS: on plain http it would pin a local server to https.
    strictTransportSecurity: false,
  };
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets for these options, worked out once: none of our directives depends on the
 * request (no nonces, no functions), so every answer gets the same ones (decision 0087). Helmet
 * stays the source of their names and values; it is run once against a response that records them.
 */
export function securityHeadersFor(options: HelmetOptions): ReadonlyArray<readonly [string, string]> {
  // A directive given as a function is worked out per request (a nonce): it cannot be sent from a list.
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (
    directives.some(
      (d) => typeof d === 'function' || (Array.isArray(d) && d.some((v) => typeof v === 'function')),
    )
  )
    throw new Error(
      'a Content-Security-Policy directive depends on the request: its headers vary per answer',
    );
  // By lower-case name (a header set twice keeps its last value), each as helmet spells it.
  const set = new Map<string, readonly [string, string]>();
  const recorder = {
    setHeader: (name: string, value: string | number) =>
      void set.set(name.toLowerCase(), [name, String(value)]),
    // X-Powered-By: neither Node nor Fastify sets it.
    removeHeader: () => undefined,
  };
  let finished = false;
  const noRequest = {} as IncomingMessage;
  // Helmet 8 throws its errors; `next` is called once every header is set.
  helmet(options)(noRequest, recorder as unknown as ServerResponse, () => {
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish at once: its headers depend on the request');
  return [...set.values()];
}

/**
 * Every answer (routes, 404s, errors, files, pages) gets the security headers before its route
 * runs, on the response itself as helmet's middleware sets them, so an error or a streamed file
 * keeps them too; HSTS only over HTTPS. One synchronous hook, no per-request work but the copying:
 * `@fastify/helmet` built a new helmet middleware, CSP parsing included, for every request.
 */
export function registerSecurityHeaders(app: FastifyInstance, payments: 'sandbox' | 'razorpay'): void {
  const headers = securityHeadersFor(helmetOptions(payments));
  app.addHook('onRequest', (request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of headers) res.setHeader(name, value);
    if (request.protocol === 'https') res.setHeader('strict-transport-security', HSTS);
    done();
  });
}
