import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { createUsersService } from './users.service';
import { createShopsService } from './shops.service';
import { createLoginLimiter } from './login-limiter';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const slugParams = z.object({ slug: z.string().trim().min(1).max(100) });

export const usersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limiter = createLoginLimiter({ maxFailures: 5, windowMs: 15 * 60_000, now: ctx.now });
    const service = createUsersService(ctx, limiter);
    const shops = createShopsService(ctx);
    const tags = ['users'];

    app.post(
      '/user/register',
      {
        config: { access: 'public' },
        schema: { tags, body: registerVendorSchema, response: { 201: userSchema } },
      },
      async (req, reply) => reply.status(201).send(await service.registerVendor(req.body)),
    );

    app.get(
      '/user/check-username',
      { config: { access: 'public' }, schema: { tags, querystring: checkUsernameQuery, response: { 200: checkUsernameResponse } } },
      async (req) => ({ available: await service.isUsernameAvailable(req.query.username) }),
    );

    app.post(
      '/user/login',
      { config: { access: 'public' }, schema: { tags, body: loginSchema, response: { 200: loginResponseSchema } } },
      async (req) => service.login(req.body, req.ip),
    );

    app.post(
      '/user/verify',
      {
        config: { access: 'public' },
        schema: { tags, body: verifySchema, response: { 200: z.object({ valid: z.boolean(), userId: z.number().nullable() }) } },
      },
      async (req) => service.verifyVendor(req.body.emailOrId, req.body.password),
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
      { config: { access: 'public' }, schema: { tags, params: slugParams, response: { 200: z.enum(PLANS) } } },
      async (req, reply) => {
        const shop = await shops.requireShop(req.params.slug);
        return reply.type('text/plain').send(shop.plan);
      },
    );

    app.get(
      '/vendors/slug/:slug',
      { config: { access: 'public' }, schema: { tags, params: slugParams, response: { 200: publicVendorSchema } } },
      async (req) => shops.getPublicVendor(req.params.slug),
    );
  };
