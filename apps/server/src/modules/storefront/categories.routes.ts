import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeString } from '@zevar/domain';
import { carouselItemSchema, categorySchema, planSchema, vendorSlugQuery, dbIdSchema } from '@zevar/domain';
import type { AppContext } from '../../context';
import { createCategoryReads } from './category-reads.service';
import { createShopResolver } from './visibility';

const tags = ['storefront'];
const access = { access: 'public' as const };
const planParams = z.object({ plan: planSchema });

/** Public category and carousel reads, filtered by the plan tier in the path (or the shop's plan). */
export const storefrontCategoryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const reads = createCategoryReads(ctx.db);
    const shopOf = createShopResolver(ctx);

    app.get(
      '/category/plan/:plan',
      { config: access, schema: { tags, params: planParams, response: { 200: z.array(categorySchema) } } },
      async (req) => reads.all(req.params.plan),
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
      async (req) => reads.byId(req.params.plan, req.params.id),
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
      async (req) => reads.byName((await shopOf(req.query.vendorSlug)).plan, req.params.name),
    );
    app.get(
      '/carousels/images/:plan',
      {
        config: access,
        schema: { tags, params: planParams, response: { 200: z.array(carouselItemSchema) } },
      },
      async (req) => reads.carousel(req.params.plan),
    );
  };
