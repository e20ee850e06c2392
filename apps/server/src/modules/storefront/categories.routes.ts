import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached } from '../../plugins/public-cache';
import { z } from 'zod';
import {
  carouselItemSchema,
  categorySchema,
  planSchema,
  vendorSlugQuery,
  dbIdSchema,
  safeString,
  type Plan,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { createCategoryReads } from './category-reads.read-model';
import { createShopResolver } from './visibility.read-model';

const tags = ['storefront'];
const access = { access: 'public' as const };
const planParams = z.object({ plan: planSchema });

/** Public category and carousel reads, filtered by the plan tier in the path (or the shop's plan). */
export const storefrontCategoryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const reads = createCategoryReads(ctx.db);
    const shopOf = createShopResolver(ctx);
    const cached = (req: FastifyRequest, reply: FastifyReply, plan: Plan, read: () => Promise<unknown>) =>
      sendCached(ctx.cache, req, reply, { tags: ['catalogue'], plan }, read);

    app.get(
      '/category/plan/:plan',
      { config: access, schema: { tags, params: planParams, response: { 200: z.array(categorySchema) } } },
      async (req, reply) => cached(req, reply, req.params.plan, () => reads.all(req.params.plan)),
    );
    app.get(
      '/category/plan/:plan/id/:id',
      {
        config: access,
        schema: {
          tags,
          params: planParams.extend({ id: dbIdSchema }),
          response: { 200: categorySchema },
        },
      },
      async (req, reply) =>
        cached(req, reply, req.params.plan, () => reads.byId(req.params.plan, req.params.id)),
    );
    app.get(
      '/category/name/:name',
      {
        config: access,
        schema: {
          tags,
          params: z.object({ name: safeString().trim().min(1).max(200) }),
          querystring: vendorSlugQuery,
          response: { 200: categorySchema },
        },
      },
      async (req, reply) => {
        const { plan } = await shopOf(req.query.vendorSlug);
        return cached(req, reply, plan, () => reads.byName(plan, req.params.name));
      },
    );
    app.get(
      '/carousels/images/:plan',
      {
        config: access,
        schema: { tags, params: planParams, response: { 200: z.array(carouselItemSchema) } },
      },
      async (req, reply) => cached(req, reply, req.params.plan, () => reads.carousel(req.params.plan)),
    );
  };
