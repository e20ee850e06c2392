import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminReviewSchema,
  pagedSchema,
  pageQuerySchema,
  reviewedProductSchema,
  reviewedProductsQuerySchema,
  reviewUpdateSchema,
  idParamsSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { createReviewsAdminService } from './reviews-admin.service';

const tags = ['reviews'];
const superAdmin = { access: { permission: 'SUPER_ADMIN' } } as const;
const idParams = idParamsSchema;

/** The review manager: SUPER_ADMIN only. */
export const reviewsAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createReviewsAdminService(ctx);

    app.get(
      '/reviews/admin/products',
      {
        config: superAdmin,
        schema: {
          tags,
          querystring: reviewedProductsQuerySchema,
          response: { 200: pagedSchema(reviewedProductSchema) },
        },
      },
      async (req) => service.reviewedProducts(req.query),
    );

    app.get(
      '/reviews',
      {
        config: superAdmin,
        schema: {
          tags,
          querystring: pageQuerySchema(20, 100),
          response: { 200: pagedSchema(adminReviewSchema) },
        },
      },
      async (req) => service.list(req.query),
    );

    app.put(
      '/reviews/:id',
      {
        config: superAdmin,
        schema: { tags, params: idParams, body: reviewUpdateSchema, response: { 200: adminReviewSchema } },
      },
      async (req) => service.update(req.params.id, req.body),
    );

    app.delete(
      '/reviews/:id',
      { config: superAdmin, schema: { tags, params: idParams } },
      async (req, reply) => {
        await service.remove(req.params.id);
        return reply.status(204).send();
      },
    );
  };
