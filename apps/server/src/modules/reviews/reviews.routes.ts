import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addedReviewSchema, dbIdSchema, hasPermission, reviewInputSchema, reviewSchema } from '@zevar/domain';
import { REVIEW_MANAGER_ROLE } from './reviews-admin.routes';
import type { AppContext } from '../../context';
import { createReviewsService, withoutVerifiedMark } from './reviews.service';
import { sendCached } from '../../plugins/public-cache';
import { productTag } from '../../lib/cache/invalidation';

const tags = ['reviews'];

/** Public review submission and listing of published reviews (the date is set by the server). */
export const reviewsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createReviewsService(ctx);

    app.post(
      '/reviews',
      {
        config: { access: 'public' },
        schema: { tags, body: reviewInputSchema, response: { 201: addedReviewSchema } },
      },
      async (req, reply) => {
        const user = await app.optionalUser(req);
        const byModerator = user?.type === 'ADMIN' && hasPermission(user.roles, REVIEW_MANAGER_ROLE);
        const review = await service.add(req.body, { clientAddress: req.ip, byModerator });
        return reply.status(201).send(withoutVerifiedMark(review));
      },
    );

    app.get(
      '/reviews/product/:productId',
      {
        config: { access: 'public' },
        schema: {
          tags,
          params: z.object({ productId: dbIdSchema }),
          querystring: z.object({ size: z.coerce.number().int().min(1).max(200).default(100) }),
          response: { 200: z.array(reviewSchema) },
        },
      },
      // Cached under its product: a new, moderated or removed review notes it (decision 0036).
      async (req, reply) =>
        sendCached(ctx.cache, req, reply, { tags: ['catalogue', productTag(req.params.productId)] }, () =>
          service.listForProduct(req.params.productId, req.query.size),
        ),
    );
  };
