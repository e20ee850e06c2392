import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { clientNetworkOf } from '../lib/client-network';
import { recordRequestIn, routeEntity, runAudited, type AuditScope } from '../modules/audit';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every successful admin and vendor write leaves an audit record, by default (decision 0041), the
 * way every write invalidates the public cache by default (decision 0036):
 * - a write on a non-public /api route runs in an audit scope naming who (the signed-in user), from
 *   where (the client network, as the request limits count it) and through which route;
 * - the code that changes an entity records it with its fields before and after in its own
 *   transaction (`recordChangeIn`), so the record commits or rolls back with the change;
 * - a write that answered 2xx without recording anything (a route nobody described, a new route)
 *   gets a generic record before its response leaves: the route, the entity read from its path and
 *   the request body (secrets dropped).
 * Public routes (shoppers, sign-in, webhooks) are not audited: their writes are the shop's own.
 */
export function registerAuditTrail(app: FastifyInstance, deps: { db: Db; now: () => Date }) {
  const scopes = new WeakMap<FastifyRequest, AuditScope>();
  app.addHook('preHandler', (request, _reply, done) => {
    const route = request.routeOptions.url;
    const access = request.routeOptions.config.access;
    if (!WRITES.has(request.method) || !route?.startsWith('/api/') || !access || access === 'public')
      return done();
    const user = request.user;
    let at: Date | undefined;
    const audit: AuditScope = {
      actor: user
        ? { id: user.id, email: user.email, name: user.name, type: user.type, roles: user.roles }
        : null,
      clientAddress: clientNetworkOf(request.ip),
      method: request.method,
      route,
      requestId: String(request.id),
      // One request, one moment: every record it writes carries the time of its first.
      at: () => (at ??= deps.now()),
      recorded: 0,
    };
    scopes.set(request, audit);
    runAudited(audit, done);
  });
  // A request outside any audit scope (every read) passes straight through, without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const audit = scopes.get(request);
    if (!audit || audit.recorded > 0 || reply.statusCode >= 300) return done(null, payload);
    recordGenericWrite(request, audit).then(() => done(null, payload), done);
  });
  async function recordGenericWrite(request: FastifyRequest, audit: AuditScope) {
    const params = (request.params ?? {}) as Record<string, unknown>;
    const body = request.body && typeof request.body === 'object' ? request.body : null;
    const entity = routeEntity(request.method, audit.route, params);
    // A user's own account (change-password, logout) is the entity of a user route without an id.
    if (entity.entityType === 'user' && entity.entityId === null && audit.actor)
      entity.entityId = String(audit.actor.id);
    try {
      await recordRequestIn(deps.db, audit, { ...entity, before: null, after: body });
    } catch (err) {
      request.log.error({ err }, 'audit record of a write could not be written');
    }
  }
}
