import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCouponSchema, couponSchema, rupeesToPaise } from '@zevar/domain';
import { sendCached } from '../../plugins/public-cache';
import type { AppContext } from '../../context';
import { createCouponsService } from './coupons.service';
import {
  couponApplyQuery,
  couponCodeParams,
  couponIdParams,
  couponInput,
  couponListQuery,
  couponUpdateInput,
} from './coupons.schemas';

const admin = { permission: 'SUPER_ADMIN' } as const;

export const couponsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createCouponsService(ctx);
    const tags = ['coupons'];
    const security = [{ bearer: [] }];

    app.get(
      '/coupon-codes',
      {
        config: { access: 'public' },
        schema: { tags, querystring: couponListQuery, response: { 200: z.array(couponSchema) } },
      },
      async (req, reply) =>
        sendCached(ctx.cache, req, reply, { tags: ['coupons'], ttlMs: 30_000 }, () =>
          service.list({
            quantity: req.query.quantity,
            subtotalPaise:
              req.query.totalPrice === undefined ? undefined : rupeesToPaise(req.query.totalPrice),
          }),
        ),
    );

    app.get(
      '/coupon-codes/admin',
      {
        config: { access: admin },
        schema: { tags, security, response: { 200: z.array(adminCouponSchema) } },
      },
      async () => service.listAll(),
    );

    app.post(
      '/coupon-codes/apply',
      {
        config: { access: 'public' },
        schema: { tags, querystring: couponApplyQuery, response: { 200: z.boolean() } },
      },
      async (req) =>
        service.applies(req.query.code, {
          quantity: req.query.quantity,
          subtotalPaise: rupeesToPaise(req.query.totalPrice),
        }),
    );

    app.get(
      '/coupon-codes/code/:code',
      {
        config: { access: 'public' },
        schema: { tags, params: couponCodeParams, response: { 200: couponSchema } },
      },
      async (req) => service.getByCode(req.params.code),
    );

    app.get(
      '/coupon-codes/:id',
      {
        config: { access: 'public' },
        schema: { tags, params: couponIdParams, response: { 200: couponSchema } },
      },
      async (req) => service.get(req.params.id),
    );

    app.post(
      '/coupon-codes',
      {
        config: { access: admin },
        schema: { tags, security, body: couponInput, response: { 201: adminCouponSchema } },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.body)),
    );

    app.put(
      '/coupon-codes/:id',
      {
        config: { access: admin },
        schema: {
          tags,
          security,
          description:
            'Saves an edit made from `version`; over a newer version nothing is saved and the answer is 409 with `current`.',
          params: couponIdParams,
          body: couponUpdateInput,
          response: { 200: adminCouponSchema },
        },
      },
      async (req) => service.update(req.body, req.params.id),
    );

    app.delete(
      '/coupon-codes/:id',
      { config: { access: admin }, schema: { tags, security, params: couponIdParams } },
      async (req, reply) => {
        await service.remove(req.params.id);
        return reply.status(204).send();
      },
    );
  };
