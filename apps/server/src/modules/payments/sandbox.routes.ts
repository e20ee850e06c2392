import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_LINK_TEXT, PAYMENT_METHODS, formatInr, paiseToRupees, safeString } from '@zevar/domain';
import type { SandboxGateway } from './sandbox-gateway';
import { SANDBOX_CHECKOUT_JS } from './sandbox-checkout-script';
import { isLoopbackHost } from '../../env';
import { AppError } from '../../lib/errors';

const orderBody = z.object({ orderId: safeString().trim().min(1).max(100) });
const linkParams = z.object({
  id: safeString()
    .trim()
    .regex(/^plink_[A-Za-z0-9]{1,40}$/, 'Payment link not found'),
});

/** Hands a signed event to the app's own webhook endpoint logic, as Razorpay's servers would. */
type Deliver = (raw: Buffer, signature: string, eventId?: string) => Promise<{ status: string }>;

const escapeHtml = (v: string) =>
  v.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The hosted page's look, served as a stylesheet of its own: the content security policy allows no inline style. */
const LINK_PAGE_CSS = `body{font-family:system-ui,sans-serif;background:#f6f3ee;margin:0;color:#2b2118}main{max-width:26rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px #0002}
.badge{display:inline-block;background:#fde68a;color:#78350f;border-radius:999px;padding:.15rem .6rem;font-size:.75rem}h1{font-size:1.1rem;margin:.75rem 0 .25rem}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;font-size:.9rem}dt{color:#6b5b4b}dd{margin:0}button{width:100%;margin-top:1.25rem;padding:.85rem;border:0;border-radius:8px;background:#7c2d12;color:#fff;font-size:1rem;cursor:pointer}
.closed{margin-top:1.25rem;padding:.75rem;border-radius:8px;background:#f3f4f6;text-align:center}.ok{background:#dcfce7}`;

/** The sandbox's hosted payment page for a link: what Razorpay shows the buyer, offline. */
function linkPageHtml(p: {
  id: string;
  description: string;
  amount: string;
  customer: string;
  expires: string;
  status: string;
  message?: string;
}) {
  const closed: Record<string, string> = {
    paid: PAYMENT_LINK_TEXT.linkPaid,
    expired: PAYMENT_LINK_TEXT.linkExpired,
    cancelled: PAYMENT_LINK_TEXT.linkCancelled,
  };
  const action =
    p.status === 'created'
      ? `<form method="post" action="/sandbox/link/${escapeHtml(p.id)}/pay"><button type="submit">Pay ${escapeHtml(p.amount)}</button></form>`
      : `<p class="closed" role="status">${escapeHtml(closed[p.status] ?? p.status)}</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${escapeHtml(p.amount)} · Sandbox payment link</title>
<link rel="stylesheet" href="/sandbox/link.css"></head>
<body><main><span class="badge">Sandbox: no real money moves</span><h1>${escapeHtml(p.description)}</h1>
<p class="amount">${escapeHtml(p.amount)}</p><dl><dt>For</dt><dd>${escapeHtml(p.customer)}</dd><dt>Pay before</dt><dd>${escapeHtml(p.expires)}</dd></dl>
${p.message ? `<p class="closed ok" role="status">${escapeHtml(p.message)}</p>` : action}</main></body></html>`;
}
/** 'Pay now' names the method chosen in the window, as Razorpay's payment entity reports it. */
const payBody = orderBody.extend({ method: z.enum(PAYMENT_METHODS).default('card') });

/** Headers a proxy or tunnel adds: a request carrying one came from elsewhere through it. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip'];

/**
 * A request from a browser on this computer: its socket's peer is this computer (not `req.ip`, which
 * a trusted proxy's header decides), it names this computer as its host, and no proxy forwarded it.
 * A proxy or tunnel on the same machine (nginx, cloudflared) connects from loopback too, but passes
 * the public host name or says whom it forwards for; one that hides both (a bare `proxy_pass` that
 * rewrites the host) is not told apart, which the start-up banner and decision 0027 say.
 */
function fromThisComputer(req: FastifyRequest): boolean {
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  return (
    isLoopbackHost(req.socket.remoteAddress ?? '') &&
    isLoopbackHost(host) &&
    PROXY_HEADERS.every((h) => req.headers[h] === undefined)
  );
}

/**
 * Offline stand-in for Razorpay's browser side; registered only when PAYMENTS=sandbox. With the
 * implicit sandbox (PAYMENTS unset) it answers only clients on this computer: a demo reached from
 * elsewhere (a proxy, a tunnel) cannot have its orders "paid" by a stranger.
 */
export const sandboxRoutes =
  (
    sandbox: SandboxGateway,
    opts: { loopbackOnly: boolean; deliver?: Deliver; timeZone: string },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['sandbox'];
    if (opts.loopbackOnly) {
      app.addHook('onRequest', async (req) => {
        if (!fromThisComputer(req))
          throw new AppError(
            'FORBIDDEN',
            'The demo payment sandbox answers only this computer. Set PAYMENTS=sandbox to open it to others.',
          );
      });
    }
    app.get('/checkout.js', { schema: { tags, hide: true } }, async (_req, reply) =>
      reply
        .type('application/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(SANDBOX_CHECKOUT_JS),
    );

    app.post(
      '/pay',
      {
        schema: {
          tags,
          body: payBody,
          response: {
            200: z.object({
              razorpay_payment_id: safeString(),
              razorpay_order_id: safeString(),
              razorpay_signature: safeString(),
            }),
          },
        },
      },
      async (req) => sandbox.pay(req.body.orderId, req.body.method),
    );

    app.post(
      '/fail',
      {
        schema: {
          tags,
          body: orderBody,
          response: { 200: z.object({ error: z.record(safeString(), z.unknown()) }) },
        },
      },
      async (req) => sandbox.fail(req.body.orderId),
    );

    const page = async (id: string, message?: string) => {
      const { row, state } = await sandbox.linkPage(id);
      return linkPageHtml({
        id: row.id,
        description: row.description,
        amount: formatInr(paiseToRupees(row.amountPaise)),
        customer: row.customerName,
        // In the business's time zone (BUSINESS_TIMEZONE), as every date the shop shows.
        expires: row.expireBy.toLocaleString('en-IN', {
          timeZone: opts.timeZone,
          dateStyle: 'medium',
          timeStyle: 'short',
        }),
        status: state.status,
        message,
      });
    };

    app.get('/link.css', { schema: { tags, hide: true } }, async (_req, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(LINK_PAGE_CSS),
    );

    app.get('/link/:id', { schema: { tags, hide: true, params: linkParams } }, async (req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await page(req.params.id)),
    );

    // The page's form posts no fields: only the link id in the path matters.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, _body, done) => done(null, {}),
    );
    app.post('/link/:id/pay', { schema: { tags, hide: true, params: linkParams } }, async (req, reply) => {
      const paid = await sandbox.payLink(req.params.id);
      // Razorpay's servers send payment_link.paid to the webhook; the sandbox hands it over the same way.
      if (opts.deliver) await opts.deliver(paid.body, paid.signature, paid.eventId);
      if (paid.callbackUrl) return reply.redirect(paid.callbackUrl, 303);
      return reply.type('text/html; charset=utf-8').send(await page(req.params.id, 'Payment received'));
    });
  };
