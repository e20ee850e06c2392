import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import {
  hasPermission,
  secondFactorRequired,
  SECOND_FACTOR_MESSAGES,
  userPolicy,
  type AdminRole,
  type UserType,
} from '@zevar/domain';
import { AppError } from '../lib/errors';
import { SESSION_SECONDS } from '../lib/session-lifetimes';
import type { Db } from '../db/client';
import { findAuthAccount, touchSession } from '../modules/users';

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
  | { anyPermission: AdminRole[] }
  /**
   * An order's holder or an admin with the permission: a request carrying the order's key
   * (`x-order-key`) or a signed link (`signature` query) passes this guard and the route checks the
   * proof against the order (decision 0033); any other request needs the admin permission.
   */
  | { permission: AdminRole; orOrderHolder: true };

export type AuthUser = {
  id: number;
  type: UserType;
  username: string;
  email: string;
  roles: string[];
  name: string;
  /** When this session last proved its password (sign-in or re-authentication), ms since epoch. */
  authTime: number;
  /** The sign-in this token belongs to (a `user_sessions` row, decision 0047). */
  sessionId: string;
};

export type RouteRule = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route stays open to a session that must first set up its second factor (decision 0047):
     * enrolment itself, signing out, and what the enrolment screen reads.
     */
    duringEnrolment?: true;
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

const SESSION_RENEW_AFTER = 10 * 60;
/** Sliding never outlives the password: a week after it was last entered, sign in again. */
const SESSION_MAX_SECONDS = 7 * 24 * 3600;
/** Response header carrying a renewed token; the web client stores it in place of the old one. */
export const SESSION_TOKEN_HEADER = 'x-session-token';

export type TokenClaims = {
  id: number;
  version: number;
  issuedAt: number;
  authTime: number;
  sessionId: string;
};

/** How long the password step of a two-step sign-in stays good for its second step. */
const CHALLENGE_SECONDS = 5 * 60;

export function createTokenService(secret: string, clock: () => Date = () => new Date()) {
  const key = new TextEncoder().encode(secret);
  // The second-step challenge is signed with its own key, so it can never pass as a session token.
  const challengeKey = new TextEncoder().encode(`${secret}\u0000second-factor-challenge`);
  const seconds = () => Math.floor(clock().getTime() / 1000);
  return {
    /**
     * A token for the account at its current version. `authTime` (seconds) is when the password was
     * last proved: now for a sign-in or re-authentication, the old token's for a renewal.
     */
    sign(
      user: { id: number; type: UserType; tokenVersion: number; sessionId: string },
      authTime = seconds(),
    ): Promise<string> {
      const now = seconds();
      return new SignJWT({ typ: user.type, ver: user.tokenVersion, auth_time: authTime, sid: user.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuedAt(now)
        .setExpirationTime(now + SESSION_SECONDS[user.type])
        .sign(key);
    },
    /** The claims of a valid token; a token without an expiry is refused. */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'exp', 'iat'],
          currentDate: clock(),
        });
        const id = Number(payload.sub);
        const version = payload.ver;
        const sessionId = payload.sid;
        if (!Number.isInteger(id) || id <= 0 || typeof version !== 'number') return null;
        if (typeof sessionId !== 'string' || sessionId.length === 0) return null;
        const issuedAt = payload.iat!;
        const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : issuedAt;
        return { id, version, issuedAt, authTime, sessionId };
      } catch {
        return null;
      }
    },
    /** The proof, after a right password, that the second step may follow (five minutes). */
    signChallenge(user: { id: number; tokenVersion: number }): Promise<string> {
      const now = seconds();
      return new SignJWT({ ver: user.tokenVersion, purpose: 'second-factor' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuedAt(now)
        .setExpirationTime(now + CHALLENGE_SECONDS)
        .sign(challengeKey);
    },
    /** The account a challenge names and the token version it was made at, or null when not valid. */
    async verifyChallenge(token: string): Promise<{ id: number; version: number } | null> {
      try {
        const { payload } = await jwtVerify(token, challengeKey, {
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'exp'],
          currentDate: clock(),
        });
        const id = Number(payload.sub);
        if (payload.purpose !== 'second-factor' || typeof payload.ver !== 'number') return null;
        return Number.isInteger(id) && id > 0 ? { id, version: payload.ver } : null;
      } catch {
        return null;
      }
    },
    /** Whether a token this old should be replaced by a fresh one (sliding admin sessions). */
    shouldRenew(type: UserType, claims: TokenClaims): boolean {
      const now = seconds();
      return (
        type === 'ADMIN' &&
        now - claims.issuedAt >= SESSION_RENEW_AFTER &&
        now - claims.authTime < SESSION_MAX_SECONDS
      );
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

/** The header a buyer's browser sends its order key in (the key initiate-order answered). */
export const ORDER_KEY_HEADER = 'x-order-key';

/** Whether the request offers an order key or a signed link; the route checks it against the order. */
function carriesOrderProof(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  return Boolean(request.headers[ORDER_KEY_HEADER]) || typeof query?.signature === 'string';
}

function allowed(access: Access, user: AuthUser): boolean {
  if (access === 'public' || access === 'authenticated') return true;
  if (access === 'vendor') return user.type === 'VENDOR';
  if (access === 'admin') return user.type === 'ADMIN';
  if (user.type !== 'ADMIN') return false;
  if ('permission' in access) return hasPermission(user.roles, access.permission);
  return access.anyPermission.some((p) => hasPermission(user.roles, p));
}

export function registerAuth(
  app: FastifyInstance,
  deps: { db: Db; tokens: TokenService; secondFactorRequired: boolean; now: () => Date },
): void {
  app.decorateRequest('user', null);
  const rules: RouteRule[] = [];
  app.decorate('accessRules', rules);

  /** Resolves the signed-in user from the token; the database decides whether the account is still active. */
  async function resolveSession(request: FastifyRequest) {
    const token = bearer(request);
    if (!token) return null;
    const claims = await deps.tokens.verify(token);
    if (!claims) return null;
    const row = await findAuthAccount(deps.db, claims.id, claims.sessionId);
    // Sign-out, deactivation, role or password changes raise the version: older tokens end at once.
    if (!row || !row.active || row.tokenVersion !== claims.version) return null;
    // A session signed out on its own (from the sessions list) ends its tokens too.
    const session = row.session;
    if (!session || session.endedAt || session.expiresAt.getTime() <= deps.now().getTime()) return null;
    const user: AuthUser = {
      id: row.id,
      type: row.type,
      username: row.username,
      email: row.email,
      roles: row.roles,
      name: row.name,
      authTime: claims.authTime * 1000,
      sessionId: session.id,
    };
    const mustEnrol =
      deps.secondFactorRequired && !row.secondFactorAt && secondFactorRequired(row.type, row.roles);
    return { user, claims, tokenVersion: row.tokenVersion, session, mustEnrol };
  }
  const resolveUser = async (request: FastifyRequest) => (await resolveSession(request))?.user ?? null;

  app.decorate('optionalUser', resolveUser);

  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${url} declares no access rule`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') rules.push({ method, url, access });
    if (access === 'public') return;
    const holderMayPass = typeof access === 'object' && 'orOrderHolder' in access;
    const openDuringEnrolment = route.config?.duringEnrolment === true;
    // onRequest runs before the body is parsed or validated: a caller without the right gets 401/403, not 400.
    const guard = async (request: FastifyRequest, reply: FastifyReply) => {
      if (holderMayPass && carriesOrderProof(request)) return;
      const session = await resolveSession(request);
      request.user = session?.user ?? null;
      if (!session || !request.user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
      if (!allowed(access, request.user))
        throw new AppError('FORBIDDEN', 'You do not have permission to do this');
      if (session.mustEnrol && !openDuringEnrolment)
        throw new AppError('SECOND_FACTOR_ENROLMENT_REQUIRED', SECOND_FACTOR_MESSAGES.enrolRequired);
      const now = deps.now();
      let expiresAt: Date | null = null;
      if (deps.tokens.shouldRenew(session.user.type, session.claims)) {
        const renewed = await deps.tokens.sign(
          {
            id: session.user.id,
            type: session.user.type,
            tokenVersion: session.tokenVersion,
            sessionId: session.session.id,
          },
          session.claims.authTime,
        );
        expiresAt = new Date(now.getTime() + SESSION_SECONDS[session.user.type] * 1000);
        void reply.header(SESSION_TOKEN_HEADER, renewed);
      }
      await touchSession(deps.db, session.session, now, expiresAt);
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

/** How recent a password proof must be for the actions that move money or power. */
export const REAUTH_WINDOW_MS = 5 * 60_000;

/**
 * Refuses (403 REAUTH_REQUIRED) unless the caller proved their password within the last few
 * minutes (`POST /api/user/reauth`, or signing in). For role changes and refunds: a token left in
 * an unattended browser or lifted by script cannot do them alone. A second factor (issue 23) can
 * later demand its own proof here.
 */
export function assertRecentAuth(user: AuthUser, now: Date): void {
  if (now.getTime() - user.authTime <= REAUTH_WINDOW_MS) return;
  throw new AppError('REAUTH_REQUIRED', 'Please enter your password again to confirm this action.');
}
