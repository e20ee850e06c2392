import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

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
export async function registerSecurityHeaders(
  app: FastifyInstance,
  payments: 'sandbox' | 'razorpay',
): Promise<void> {
  await app.register(helmet, {
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
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
