import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmSecondFactorSchema,
  disableSecondFactorSchema,
  idParamsSchema,
  loginResponseSchema,
  recoveryCodesSchema,
  secondFactorEnrolmentSchema,
  secondFactorSignInSchema,
  secondFactorStatusSchema,
  sessionIdParams,
  userSessionsSchema,
} from '@zevar/domain';
import { currentUser } from '../../plugins/auth';
import type { SecondFactorService } from './second-factor.service';
import type { SessionOrigin } from './user-sessions';
import type { createAccountService } from './account.service';

type App = Parameters<FastifyPluginAsyncZod>[0];
type AccountSessions = Pick<ReturnType<typeof createAccountService>, 'sessions' | 'endOwnSession'>;

/** Where a request comes from, as a new session records it. */
export function originOf(req: FastifyRequest): SessionOrigin {
  const agent = req.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent : null, address: req.ip };
}

/**
 * Two-step verification and the sessions list (decision 0047). The enrolment routes stay open to a
 * session whose roles require a factor it has not set up yet (`duringEnrolment`); nothing else is.
 */
export function registerSecondFactorRoutes(
  app: App,
  factors: SecondFactorService,
  account: AccountSessions,
): void {
  const tags = ['users'];
  const security = [{ bearer: [] }];

  app.post(
    '/user/login/second-factor',
    {
      // Public: the caller has no session yet; the challenge proves the password step, and every
      // code guess counts in the sign-in limiter per account and per address.
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'The second step of a sign-in: the challenge from POST /api/user/login and a 6-digit code or a recovery code (each works once).',
        body: secondFactorSignInSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (req) => factors.signIn(req.body, originOf(req)),
  );

  app.get(
    '/user/second-factor',
    {
      config: { access: 'authenticated', duringEnrolment: true },
      schema: { tags, security, response: { 200: secondFactorStatusSchema } },
    },
    async (req) => factors.status(currentUser(req)),
  );

  app.post(
    '/user/second-factor/enrol',
    {
      config: { access: 'authenticated', duringEnrolment: true },
      schema: {
        tags,
        security,
        description:
          'A new TOTP secret (QR code as SVG and typed out); it is on once POST /api/user/second-factor/confirm gets its first code.',
        response: { 200: secondFactorEnrolmentSchema },
      },
    },
    async (req) => factors.enrol(currentUser(req)),
  );

  app.post(
    '/user/second-factor/confirm',
    {
      config: { access: 'authenticated', duringEnrolment: true },
      schema: {
        tags,
        security,
        description: 'The first code turns two-step verification on; answers the recovery codes, once.',
        body: confirmSecondFactorSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (req) => factors.confirm(currentUser(req), req.body.code, req.ip),
  );

  app.post(
    '/user/second-factor/disable',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        security,
        description: 'Turns two-step verification off; needs the password and a current code.',
        body: disableSecondFactorSchema,
      },
    },
    async (req, reply) => {
      await factors.disable(currentUser(req), req.body.password, req.body.code, req.ip);
      return reply.status(204).send();
    },
  );

  app.post(
    '/user/second-factor/recovery-codes',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        security,
        description: 'New recovery codes in place of the unused ones; needs the password and a current code.',
        body: disableSecondFactorSchema,
        response: { 200: recoveryCodesSchema },
      },
    },
    async (req) =>
      factors.regenerateRecoveryCodes(currentUser(req), req.body.password, req.body.code, req.ip),
  );

  app.post(
    '/user/:id/second-factor/reset',
    {
      config: { access: { permission: 'SUPER_ADMIN' } },
      schema: {
        tags,
        security,
        params: idParamsSchema,
        description:
          "A super admin clears another account's two-step verification (a lost device) and ends its sessions; needs a recent re-authentication.",
      },
    },
    async (req, reply) => {
      await factors.reset(req.params.id, currentUser(req));
      return reply.status(204).send();
    },
  );

  app.get(
    '/user/sessions',
    {
      // Open while enrolment is pending too: the Security page shows them, and ending one only takes power away.
      config: { access: 'authenticated', duringEnrolment: true },
      schema: {
        tags,
        security,
        description: "The signed-in user's sessions (device, address, started, last seen), this one marked.",
        response: { 200: userSessionsSchema },
      },
    },
    async (req) => account.sessions(currentUser(req)),
  );

  app.delete(
    '/user/sessions/:sessionId',
    {
      config: { access: 'authenticated', duringEnrolment: true },
      schema: { tags, security, params: sessionIdParams, description: 'Signs out one of your sessions.' },
    },
    async (req, reply) => {
      await account.endOwnSession(currentUser(req), req.params.sessionId);
      return reply.status(204).send();
    },
  );
}
