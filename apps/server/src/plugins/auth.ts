import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { hasPermission, userPolicy, type AdminRole, type UserType } from '@zevar/domain';
import { AppError } from '../lib/errors';
import type { Db } from '../db/client';
import { findAuthAccount } from '../modules/users';

/**
 * Who may call a route. Every /api route must declare one (deny by default): a route without
 * `config.access` makes the server refuse to start.
 */
export type Access =
  | 'public'
  | 'authenticated'
  | 'vendor'
  | 'admin'
  | { permission: AdminRole }
  | { anyPermission: AdminRole[] };

export type AuthUser = { id: number; type: UserType; username: string; roles: string[]; name: string };

export type RouteRule = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Every /api route with its access rule, as registered (for the authorization matrix test). */
    accessRules: RouteRule[];
    /** The signed-in user on a public route, when a valid token is sent (answers may differ for them). */
    optionalUser(request: FastifyRequest): Promise<AuthUser | null>;
  }
}

const TOKEN_TTL = '7d';

export function createTokenService(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    sign(user: { id: number; type: UserType; tokenVersion: number }): Promise<string> {
      return new SignJWT({ typ: user.type, ver: user.tokenVersion })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setExpirationTime(TOKEN_TTL)
        .sign(key);
    },
    /** The user id and token version of a valid token; a token without an expiry is refused. */
    async verify(token: string): Promise<{ id: number; version: number } | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const id = Number(payload.sub);
        const version = payload.ver;
        if (!Number.isInteger(id) || id <= 0 || typeof version !== 'number') return null;
        return { id, version };
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

function allowed(access: Access, user: AuthUser): boolean {
  if (access === 'public' || access === 'authenticated') return true;
  if (access === 'vendor') return user.type === 'VENDOR';
  if (access === 'admin') return user.type === 'ADMIN';
  if (user.type !== 'ADMIN') return false;
  if ('permission' in access) return hasPermission(user.roles, access.permission);
  return access.anyPermission.some((p) => hasPermission(user.roles, p));
}

export function registerAuth(app: FastifyInstance, deps: { db: Db; tokens: TokenService }): void {
  app.decorateRequest('user', null);
  const rules: RouteRule[] = [];
  app.decorate('accessRules', rules);

  /** Resolves the signed-in user from the token; the database decides whether the account is still active. */
  async function resolveUser(request: FastifyRequest): Promise<AuthUser | null> {
    const token = bearer(request);
    if (!token) return null;
    const claims = await deps.tokens.verify(token);
    if (!claims) return null;
    const row = await findAuthAccount(deps.db, claims.id);
    // Deactivation, role or password changes raise the version: older tokens end at once.
    if (!row || !row.active || row.tokenVersion !== claims.version) return null;
    return { id: row.id, type: row.type, username: row.username, roles: row.roles, name: row.name };
  }

  app.decorate('optionalUser', resolveUser);

  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${url} declares no access rule`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') rules.push({ method, url, access });
    if (access === 'public') return;
    // onRequest runs before the body is parsed or validated: a caller without the right gets 401/403, not 400.
    const guard = async (request: FastifyRequest) => {
      request.user = await resolveUser(request);
      if (!request.user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
      if (!allowed(access, request.user))
        throw new AppError('FORBIDDEN', 'You do not have permission to do this');
    };
    const existing = route.onRequest;
    route.onRequest = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
  });
}

/** Admin permissions that may read vendor accounts, their statistics and payouts. */
export const USER_READER_ROLES: AdminRole[] = ['MANAGE_USERS', 'MANAGE_VENDORS', 'VIEW_DETAILS'];
/** Access rule of the routes that list or export users and payouts. */
export const userReaders: Access = { anyPermission: USER_READER_ROLES };

/** A vendor reads only its own data; user-reader admins read any vendor's (the role hierarchy in userPolicy). */
export function mayReadVendor(viewer: AuthUser, vendorId: number): boolean {
  return viewer.type === 'VENDOR' ? viewer.id === vendorId : userPolicy.readsVendors(viewer);
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
  return request.user;
}
