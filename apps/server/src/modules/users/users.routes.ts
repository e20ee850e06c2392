import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeString } from '@zevar/domain';
import {
  checkUsernameQuery,
  checkUsernameResponse,
  loginResponseSchema,
  loginSchema,
  publicVendorSchema,
  registerVendorSchema,
  userSchema,
  verifySchema,
  PLANS,
  idParamsSchema,
  changePasswordSchema,
  passwordResetResponseSchema,
  reauthSchema,
  sessionTokenSchema,
  zonedDayStart,
  acceptInviteSchema,
  forgotPasswordResponseSchema,
  forgotPasswordSchema,
  inviteAdminSchema,
  inviteLookupSchema,
  inviteSchema,
  linkTokenQuery,
  resetWithLinkSchema,
  STAFF_MESSAGES,
  secondFactorChallengeSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { currentUser, userReaders } from '../../plugins/auth';
import { createUsersService } from './users.service';
import { createShopsService } from './shops.service';
import { createShopResolver } from '../storefront';
import { PUBLIC_CACHE_CONTROL, sayTags, sendCached } from '../../plugins/public-cache';
import { shopTag } from '../../lib/cache/invalidation';
import { createSignInLimiter } from './login-limiter';
import { createSecondFactorService } from './second-factor.service';
import { originOf, registerSecondFactorRoutes } from './second-factor.routes';
import { requestLimit } from '../../plugins/rate-limits';
import { clientNetworkOf } from '../../lib/client-network';

export const VENDOR_REGISTRATION_RATE_MESSAGE =
  'Too many shops have been registered from your network. Please try again later.';
import { createAccountService } from './account.service';
import { createUsersAdminService } from './users-admin.service';
import { createStaffLinksService } from './staff-links.service';

/** The forgotten-password answer never comes sooner than this, whether or not the account exists. */
const FORGOT_ANSWER_MS = 400;
export const LINK_RATE_MESSAGE = 'Too many attempts from your network. Please try again later.';
import { sendXlsx } from '../../lib/xlsx';
import {
  pagedUsersSchema,
  updatePlanSchema,
  userDateQuerySchema,
  userDateRangeQuerySchema,
  userListQuerySchema,
  pageQuerySchema,
} from '@zevar/domain';

const idParams = idParamsSchema;
const slugParams = z.object({ slug: safeString().trim().min(1).max(100) });

export const usersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limiter = createSignInLimiter(ctx);
    const service = createUsersService(ctx, limiter);
    const account = createAccountService(ctx, limiter);
    const factors = createSecondFactorService(ctx, limiter, account.provePassword);
    const shops = createShopsService(ctx);
    const shopOf = createShopResolver(ctx);
    const admin = createUsersAdminService(ctx);
    const links = createStaffLinksService(ctx);
    const tags = ['users'];
    const readers = userReaders;
    const security = [{ bearer: [] }];
    // Calendar days of the business timezone, so 'joined on' the date a row shows finds that row.
    const dayRange = (from: string, to: string) => {
      const zone = ctx.config.BUSINESS_TIMEZONE;
      const next = new Date(`${to}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      return { from: zonedDayStart(from, zone), to: zonedDayStart(next.toISOString().slice(0, 10), zone) };
    };

    registerSecondFactorRoutes(app, factors, account);

    const registrations = ctx.config.MAX_VENDOR_REGISTRATIONS_PER_NETWORK;
    const registrationHours = ctx.config.VENDOR_REGISTRATION_WINDOW_HOURS;
    app.post(
      '/user/register',
      {
        config: {
          access: 'public',
          // One network may open only a few shops a day: every attempt counts, so a script cannot
          // probe names or sign up shop after shop (per IPv6 /64, as one household gets it whole).
          rateLimit: requestLimit({
            max: registrations,
            windowMs: registrationHours * 3600_000,
            message: VENDOR_REGISTRATION_RATE_MESSAGE,
            key: (req) => `register:${clientNetworkOf(req.ip)}`,
          }),
        },
        schema: {
          tags,
          description: `Vendor sign-up; at most ${registrations} per ${registrationHours} hours per client network.`,
          body: registerVendorSchema,
          response: { 201: userSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await service.registerVendor(req.body)),
    );

    app.get(
      '/user/check-username',
      {
        config: { access: 'public' },
        schema: { tags, querystring: checkUsernameQuery, response: { 200: checkUsernameResponse } },
      },
      async (req) => ({ available: await service.isUsernameAvailable(req.query.username) }),
    );

    app.post(
      '/user/login',
      {
        config: { access: 'public' },
        schema: {
          tags,
          description:
            'The password step. Answers a session, or, for an account with two-step verification, a five-minute challenge for POST /api/user/login/second-factor.',
          body: loginSchema,
          response: { 200: z.union([loginResponseSchema, secondFactorChallengeSchema]) },
        },
      },
      async (req) => service.login(req.body, originOf(req), factors),
    );

    app.post(
      '/user/verify',
      {
        config: { access: 'public' },
        schema: {
          tags,
          body: verifySchema,
          response: { 200: z.object({ valid: z.boolean(), userId: z.number().nullable() }) },
        },
      },
      async (req) => service.verifyVendor(req.body.emailOrId, req.body.password, req.ip),
    );

    app.post(
      '/user/change-password',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          security,
          description:
            'Changes the signed-in user’s password (the current one is required), ends every other session and answers a new token for this one.',
          body: changePasswordSchema,
          response: { 200: sessionTokenSchema },
        },
      },
      async (req) => account.changePassword(currentUser(req), req.body, req.ip),
    );

    app.post(
      '/user/reauth',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          security,
          description:
            'The password again: answers a token whose password proof is now, which role changes and refunds require (within 5 minutes).',
          body: reauthSchema,
          response: { 200: sessionTokenSchema },
        },
      },
      async (req) => account.reauthenticate(currentUser(req), req.body.password, req.ip),
    );

    app.post(
      '/user/logout',
      {
        config: { access: 'authenticated', duringEnrolment: true },
        schema: {
          tags,
          security,
          description:
            'Ends this session on the server: its token stops working (other devices stay signed in).',
        },
      },
      async (req, reply) => {
        await account.logout(currentUser(req));
        return reply.status(204).send();
      },
    );

    app.post(
      '/user/:id/sign-out-everywhere',
      {
        config: { access: 'admin' },
        schema: { tags, security, params: idParams, description: 'Ends every session of the user.' },
      },
      async (req, reply) => {
        await account.signOutEverywhere(req.params.id, currentUser(req));
        return reply.status(204).send();
      },
    );

    app.post(
      '/user/:id/reset-password',
      {
        config: { access: 'admin' },
        schema: {
          tags,
          security,
          params: idParams,
          description:
            'Replaces the user’s password with a one-time random one (answered once) and ends every session; needs a recent password proof.',
          response: { 200: passwordResetResponseSchema },
        },
      },
      async (req) => account.resetPassword(req.params.id, currentUser(req)),
    );

    // Emailed one-time links (decision 0043): invitations and forgotten passwords.
    const linkLimit = (max: number, name: string) =>
      requestLimit({
        max,
        windowMs: 15 * 60_000,
        message: LINK_RATE_MESSAGE,
        key: (req) => `${name}:${clientNetworkOf(req.ip)}`,
      });

    app.post(
      '/user/invites',
      {
        config: { access: { permission: 'MANAGE_USERS' } },
        schema: {
          tags,
          security,
          description: `Invites an admin by email with roles (within the inviter's own: only a super admin grants SUPER_ADMIN); the link works once for ${ctx.config.INVITE_LINK_HOURS} hours.`,
          body: inviteAdminSchema,
          response: { 201: inviteSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await links.invite(req.body, currentUser(req))),
    );

    app.get(
      '/user/invites/lookup',
      {
        config: { access: 'public', rateLimit: linkLimit(60, 'link-lookup') },
        schema: {
          tags,
          description:
            'Whom an invitation link is for, or why it no longer works (404 not valid, 409 used or expired).',
          querystring: linkTokenQuery,
          response: { 200: inviteLookupSchema },
        },
      },
      async (req) => links.lookupInvite(req.query.token),
    );

    app.post(
      '/user/invites/accept',
      {
        config: { access: 'public', rateLimit: linkLimit(20, 'invite-accept') },
        schema: {
          tags,
          description: 'The invitee chooses a username and password; answers a session for the new admin.',
          body: acceptInviteSchema,
          response: { 200: loginResponseSchema },
        },
      },
      async (req) => links.acceptInvite(req.body, originOf(req)),
    );

    app.post(
      '/user/forgot-password',
      {
        config: { access: 'public', rateLimit: linkLimit(5, 'forgot-password') },
        schema: {
          tags,
          description: `Emails a one-time link (valid ${ctx.config.PASSWORD_RESET_MINUTES} minutes) to the account with this username or email. The answer is the same, and as slow, whether or not one exists.`,
          body: forgotPasswordSchema,
          response: { 200: forgotPasswordResponseSchema },
        },
      },
      async (req) => {
        const started = performance.now();
        await links.requestReset(req.body.identifier);
        const left = FORGOT_ANSWER_MS - (performance.now() - started);
        if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
        return { message: STAFF_MESSAGES.resetRequested };
      },
    );

    app.get(
      '/user/password-reset/lookup',
      {
        config: { access: 'public', rateLimit: linkLimit(60, 'link-lookup') },
        schema: {
          tags,
          description: 'Whether a password reset link still works (404 not valid, 409 used or expired).',
          querystring: linkTokenQuery,
          response: { 200: z.object({ valid: z.literal(true) }) },
        },
      },
      async (req) => links.lookupReset(req.query.token),
    );

    app.post(
      '/user/password-reset',
      {
        config: { access: 'public', rateLimit: linkLimit(20, 'password-reset') },
        schema: {
          tags,
          description:
            'Sets a new password through an emailed link (once, before it expires) and ends every session.',
          body: resetWithLinkSchema,
          response: { 200: forgotPasswordResponseSchema },
        },
      },
      async (req) => {
        await links.resetWithLink(req.body);
        return { message: STAFF_MESSAGES.passwordReset };
      },
    );

    app.get(
      '/user/:id',
      {
        config: { access: 'authenticated' },
        schema: { tags, params: idParams, response: { 200: userSchema }, security: [{ bearer: [] }] },
      },
      async (req) => service.getUser(req.params.id, currentUser(req)),
    );

    app.get(
      '/user/vendor-plan/:slug',
      {
        config: { access: 'public' },
        schema: { tags, params: slugParams, response: { 200: z.enum(PLANS) } },
      },
      async (req, reply) => {
        const shop = await shopOf(req.params.slug);
        sayTags(ctx.cache, req, reply, ['shops']);
        return reply.type('text/plain').header('cache-control', PUBLIC_CACHE_CONTROL).send(shop.plan);
      },
    );

    app.get(
      '/vendors/slug/:slug',
      {
        config: { access: 'public' },
        schema: { tags, params: slugParams, response: { 200: publicVendorSchema } },
      },
      async (req, reply) =>
        sendCached(ctx.cache, req, reply, { tags: ['shops', shopTag(req.params.slug)] }, () =>
          shops.getPublicVendor(req.params.slug),
        ),
    );

    app.get(
      '/user',
      {
        config: { access: readers },
        schema: { tags, security, querystring: userListQuerySchema, response: { 200: pagedUsersSchema } },
      },
      async (req) => {
        const { type, name, active, ...page } = req.query;
        return admin.list(
          { type, name, active: active === undefined ? undefined : active === 'true' },
          page,
          currentUser(req),
        );
      },
    );

    app.get(
      '/user/vendors/paginated',
      {
        config: { access: readers },
        schema: {
          tags,
          security,
          querystring: pageQuerySchema(10, 100),
          response: { 200: pagedUsersSchema },
        },
      },
      async (req) => admin.list({ type: 'vendor' }, req.query, currentUser(req)),
    );

    app.get(
      '/user/admins/paginated',
      {
        config: { access: { permission: 'MANAGE_USERS' } },
        schema: {
          tags,
          security,
          querystring: pageQuerySchema(10, 100),
          response: { 200: pagedUsersSchema },
        },
      },
      async (req) => admin.list({ type: 'admin' }, req.query, currentUser(req)),
    );

    app.get(
      '/user/search-by-name',
      {
        config: { access: readers },
        schema: {
          tags,
          security,
          querystring: pageQuerySchema(10, 100).extend({ name: safeString().trim().min(1).max(100) }),
          response: { 200: pagedUsersSchema },
        },
      },
      async (req) => admin.list({ name: req.query.name }, req.query, currentUser(req)),
    );

    app.get(
      '/user/vendors/by-date',
      {
        config: { access: readers },
        schema: { tags, security, querystring: userDateQuerySchema, response: { 200: pagedUsersSchema } },
      },
      async (req) =>
        admin.list(
          { type: 'vendor', ...dayRange(req.query.date, req.query.date) },
          req.query,
          currentUser(req),
        ),
    );

    app.get(
      '/user/vendors/by-date-range',
      {
        config: { access: readers },
        schema: {
          tags,
          security,
          querystring: userDateRangeQuerySchema,
          response: { 200: pagedUsersSchema },
        },
      },
      async (req) =>
        admin.list(
          { type: 'vendor', ...dayRange(req.query.startDate, req.query.endDate) },
          req.query,
          currentUser(req),
        ),
    );

    app.get(
      '/user/download',
      {
        config: { access: readers },
        schema: { tags, security, description: 'Vendor details as vendors.xlsx' },
      },
      async (req, reply) => {
        const vendors = await admin.all('vendor', currentUser(req));
        return sendXlsx(
          reply,
          'vendors.xlsx',
          'Vendors',
          [
            { header: 'ID', width: 8, value: (u) => u.id },
            { header: 'Name', width: 24, value: (u) => u.name },
            { header: 'Business Name', width: 28, value: (u) => u.bussinessName },
            { header: 'Username', value: (u) => u.username },
            { header: 'Email', width: 28, value: (u) => u.email },
            { header: 'Phone', value: (u) => u.contact?.phone ?? null },
            { header: 'City', value: (u) => u.contact?.city ?? null },
            { header: 'State', value: (u) => u.contact?.state ?? null },
            { header: 'Plan', value: (u) => u.plan },
            { header: 'Shop', value: (u) => u.slug },
            { header: 'Status', value: (u) => (u.active ? 'Active' : 'Inactive') },
            { header: 'Created At', value: (u) => new Date(u.createdAt) },
          ],
          vendors,
          ctx.config.BUSINESS_TIMEZONE,
        );
      },
    );

    app.put(
      '/user/:id',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          security,
          description:
            'A vendor updates its own profile (bank details required); an admin updates a vendor ({type:"vendor",...}) or an admin ({type:"admin", roles}).',
          params: idParams,
          body: z.looseObject({ type: z.enum(['vendor', 'admin']).optional() }),
          response: { 200: userSchema },
        },
      },
      async (req) => admin.update(req.params.id, req.body, currentUser(req)),
    );

    for (const [action, active] of [
      ['activate', true],
      ['deactivate', false],
    ] as const) {
      app.put(
        `/user/:id/${action}`,
        {
          config: { access: 'admin' },
          schema: { tags, security, params: idParams, response: { 200: userSchema } },
        },
        async (req) => admin.setActive(req.params.id, active, currentUser(req)),
      );
    }

    app.post(
      '/user/:id/confirm-bank',
      {
        config: { access: { permission: 'MANAGE_VENDORS' } },
        schema: {
          tags,
          security,
          description:
            "Confirms a vendor's changed bank account so payouts to it can go ahead (needs a recent re-authentication).",
          params: idParams,
        },
      },
      async (req, reply) => {
        await admin.confirmBank(req.params.id, currentUser(req));
        return reply.status(204).send();
      },
    );

    app.delete(
      '/user/:id',
      { config: { access: 'admin' }, schema: { tags, security, params: idParams } },
      async (req, reply) => {
        await admin.remove(req.params.id, currentUser(req));
        return reply.status(204).send();
      },
    );

    app.post(
      '/user/vendors/update-plan',
      {
        config: { access: { permission: 'MANAGE_VENDORS' } },
        schema: { tags, security, body: updatePlanSchema, response: { 200: userSchema } },
      },
      async (req) => admin.setPlan(req.body.vendorId, req.body.plan),
    );
  };
