import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminReviewSchema,
  pagedSchema,
  adminReviewsQuerySchema,
  reviewModerationSchema,
  reviewedProductSchema,
  reviewedProductsQuerySchema,
  reviewUpdateSchema,
  idParamsSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { createReviewsAdminService } from './reviews-admin.service';

const tags = ['reviews'];
/** Reviews are managed (and moderated) by SUPER_ADMIN only (ARCHITECTURE §4.7). */
export const REVIEW_MANAGER_ROLE = 'SUPER_ADMIN' as const;
const superAdmin = { access: { permission: REVIEW_MANAGER_ROLE } } as const;
const idParams = idParamsSchema;

/** The review manager and moderation: SUPER_ADMIN only. */
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
          querystring: adminReviewsQuerySchema,
          response: { 200: pagedSchema(adminReviewSchema) },
        },
      },
      async (req) => service.list(req.query),
    );

    app.put(
      '/reviews/:id/status',
      {
        config: superAdmin,
        schema: {
          tags,
          params: idParams,
          body: reviewModerationSchema,
          response: { 200: adminReviewSchema },
        },
      },
      async (req) => service.moderate(req.params.id, req.body.status),
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
