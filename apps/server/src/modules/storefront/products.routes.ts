import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeString } from '@zevar/domain';
import {
  categoryProductsQuery,
  pagedProductsSchema,
  pageQuerySchema,
  planSchema,
  productSchema,
  vendorSlugQuery,
  dbIdSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { createProductReads } from './product-reads.service';
import { createShopResolver } from './visibility';

const tags = ['storefront'];
const access = { access: 'public' as const };
const text = safeString().trim().min(1).max(200);
const idParam = dbIdSchema;
const pagedShopQuery = pageQuerySchema().extend(vendorSlugQuery.shape);
const productList = z.array(productSchema);

/** Public product reads of a storefront: `vendorSlug` (default storefront when absent) or a plan segment. */
export const storefrontProductRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const reads = createProductReads(ctx.db);
    const shopOf = createShopResolver(ctx);
    const planOf = async (slug: string | undefined) => (await shopOf(slug)).plan;

    // A shopper's view of a product page feeds the trending rule; one count per address per product per hour.
    app.post(
      '/products/:id/views',
      { config: access, schema: { tags, params: z.object({ id: idParam }), response: { 204: z.null() } } },
      async (req, reply) => {
        if (await ctx.once.claim(`view:${req.ip}:${req.params.id}`, 3_600_000)) {
          await reads.countView(req.params.id);
        }
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/products',
      {
        config: access,
        schema: { tags, querystring: pagedShopQuery, response: { 200: pagedProductsSchema } },
      },
      async (req) => reads.all(await planOf(req.query.vendorSlug), req.query),
    );
    app.get(
      '/products/name/:name',
      {
        config: access,
        schema: {
          tags,
          params: z.object({ name: text }),
          querystring: vendorSlugQuery,
          response: { 200: productSchema },
        },
      },
      async (req) => reads.byName(await planOf(req.query.vendorSlug), req.params.name),
    );
    app.get(
      '/products/slug/:slug',
      {
        config: access,
        schema: {
          tags,
          params: z.object({ slug: text }),
          querystring: vendorSlugQuery,
          response: { 200: productSchema },
        },
      },
      async (req) => reads.bySlug(await planOf(req.query.vendorSlug), req.params.slug),
    );
    app.get(
      '/products/sku/:sku',
      {
        config: access,
        schema: {
          tags,
          params: z.object({ sku: text }),
          querystring: vendorSlugQuery,
          response: { 200: productSchema },
        },
      },
      async (req) => reads.bySku(await planOf(req.query.vendorSlug), req.params.sku),
    );
    app.get(
      '/products/recent',
      {
        config: access,
        schema: {
          tags,
          querystring: vendorSlugQuery.extend({ size: z.coerce.number().int().min(1).max(50).default(10) }),
          response: { 200: productList },
        },
      },
      async (req) => reads.recent(await planOf(req.query.vendorSlug), req.query.size),
    );
    app.get(
      '/products/top10',
      { config: access, schema: { tags, querystring: vendorSlugQuery, response: { 200: productList } } },
      async (req) => reads.top10(await planOf(req.query.vendorSlug)),
    );
    app.get(
      '/products/trending',
      {
        config: access,
        schema: { tags, querystring: pagedShopQuery, response: { 200: pagedProductsSchema } },
      },
      async (req) => reads.trending(await planOf(req.query.vendorSlug), req.query),
    );
    app.get(
      '/products/sale',
      {
        config: access,
        schema: { tags, querystring: pagedShopQuery, response: { 200: pagedProductsSchema } },
      },
      async (req) => reads.sale(await planOf(req.query.vendorSlug), req.query),
    );
    app.get(
      '/products/special-offers',
      { config: access, schema: { tags, querystring: vendorSlugQuery, response: { 200: productList } } },
      async (req) => reads.specialOffers(await planOf(req.query.vendorSlug)),
    );
    app.get(
      '/products/variantGroup/:id',
      {
        config: access,
        schema: {
          tags,
          params: z.object({ id: text }),
          querystring: vendorSlugQuery,
          response: { 200: productList },
        },
      },
      async (req) => reads.variantGroup(await planOf(req.query.vendorSlug), req.params.id),
    );
    app.get(
      '/products/vendorPlan/:plan',
      {
        config: access,
        schema: {
          tags,
          params: z.object({ plan: planSchema }),
          querystring: pageQuerySchema(),
          response: { 200: pagedProductsSchema },
        },
      },
      async (req) => reads.all(req.params.plan, req.query),
    );
    app.get(
      '/products/search/:keyword',
      {
        config: access,
        schema: {
          tags,
          params: z.object({ keyword: safeString().trim().min(1).max(100) }),
          querystring: pagedShopQuery,
          response: { 200: pagedProductsSchema },
        },
      },
      async (req) => reads.search(await planOf(req.query.vendorSlug), req.params.keyword, req.query),
    );
    app.get(
      '/products/category/:id',
      {
        config: access,
        schema: {
          tags,
          params: z.object({ id: idParam }),
          querystring: categoryProductsQuery,
          response: { 200: pagedProductsSchema },
        },
      },
      async (req) => reads.categoryListing(await planOf(req.query.vendorSlug), req.params.id, req.query),
    );
    app.get(
      '/products/category/:categoryId/vendorPlan/:plan',
      {
        config: access,
        schema: {
          tags,
          params: z.object({ categoryId: idParam, plan: planSchema }),
          querystring: categoryProductsQuery.omit({ vendorSlug: true }),
          response: { 200: pagedProductsSchema },
        },
      },
      async (req) => reads.categoryListing(req.params.plan, req.params.categoryId, req.query),
    );
  };
