import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addedReviewSchema,
  dbIdSchema,
  hasPermission,
  REVIEW_MESSAGES,
  reviewInputSchema,
  reviewSchema,
} from '@zevar/domain';
import { REVIEW_MANAGER_ROLE } from './reviews-admin.routes';
import type { AppContext } from '../../context';
import { createReviewsService, withoutVerifiedMark } from './reviews.service';
import { sendCached } from '../../plugins/public-cache';
import { productTag } from '../../lib/cache/invalidation';
import { clientNetworkOf } from '../../lib/client-network';
import { requestLimit } from '../../plugins/rate-limits';

const tags = ['reviews'];

/** Public review submission and listing of published reviews (the date is set by the server). */
export const reviewsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createReviewsService(ctx);
    /** Whether the request is a review manager's (the back office's 'Write a Review'). */
    const byModerator = async (req: FastifyRequest) => {
      const user = await app.optionalUser(req);
      return user?.type === 'ADMIN' && hasPermission(user.roles, REVIEW_MANAGER_ROLE);
    };
    // Reviews of any products from one client network per hour (one per product is the service's).
    const networkLimit = {
      ...requestLimit({
        max: ctx.config.MAX_REVIEWS_PER_CLIENT_PER_HOUR,
        windowMs: 60 * 60_000,
        message: REVIEW_MESSAGES.tooManyFromNetwork,
        key: (req) => `reviews:${clientNetworkOf(req.ip)}`,
      }),
      allowList: byModerator,
    };

    app.post(
      '/reviews',
      {
        config: { access: 'public', rateLimit: networkLimit },
        schema: { tags, body: reviewInputSchema, response: { 201: addedReviewSchema } },
      },
      async (req, reply) => {
        const review = await service.add(req.body, {
          clientAddress: req.ip,
          byModerator: await byModerator(req),
        });
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
