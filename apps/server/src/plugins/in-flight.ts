import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * `app.close()` waits for the handlers still running, not only for the open sockets.
 *
 * Fastify's close waits for the server's connections, but a client that has gone (a closed tab, a
 * load test stopping, a proxy's timeout) has closed its socket while its handler still runs. Without
 * this, the process (server.ts) closed the database under such a handler, whose next statement then
 * failed ("Cannot use a pool after calling end on the pool") and was logged as an unhandled 500: on a
 * storefront page, the rows query after the ids query.
 *
 * A request counts from `onRequest` until its answer is sent (`onSend`, which runs even when nobody
 * is left to read it). Registered before any route or hook, so its `onSend` runs first. An answer
 * that ends without `onSend` (none does today: no route hijacks its reply) is noticed by `onClose`
 * instead, which drops the replies already sent, so it never waits for one forever. No `onResponse`
 * hook: with none, Fastify skips that hook runner on every request (decision 0087).
 */
export function registerInFlightDrain(app: FastifyInstance): void {
  const running = new Set<FastifyReply>();
  let drained: (() => void) | undefined;
  // Callback hooks: every request passes here, and a promise each would be spent for nothing.
  app.addHook('onRequest', (_request, reply, next) => {
    running.add(reply);
    next();
  });
  app.addHook('onSend', (_request, reply, payload, next) => {
    running.delete(reply);
    if (running.size === 0) drained?.();
    next(null, payload);
  });
  app.addHook('onClose', async () => {
    for (;;) {
      for (const reply of running) if (reply.sent) running.delete(reply);
      if (running.size === 0) return;
      // Woken by the last `onSend`, or after a while to drop answers that ended without one.
      await new Promise<void>((resolve) => {
        drained = resolve;
        setTimeout(resolve, 100).unref();
      });
    }
  });
}
