import type { FastifyInstance, FastifyRequest } from 'fastify';

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
 * is left to read it), or failing that until `onResponse`. Registered before any route or hook.
 */
export function registerInFlightDrain(app: FastifyInstance): void {
  const running = new Set<FastifyRequest>();
  let drained: (() => void) | undefined;
  const done = (request: FastifyRequest) => {
    running.delete(request);
    if (running.size === 0) drained?.();
  };
  // Callback hooks: every request passes here, and a promise each would be spent for nothing.
  app.addHook('onRequest', (request, _reply, next) => {
    running.add(request);
    next();
  });
  app.addHook('onSend', (request, _reply, payload, next) => {
    done(request);
    next(null, payload);
  });
  app.addHook('onResponse', (request, _reply, next) => {
    done(request);
    next();
  });
  app.addHook('onClose', async () => {
    if (running.size > 0) await new Promise<void>((resolve) => (drained = resolve));
  });
}
