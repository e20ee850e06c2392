import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { safeString } from '@zevar/domain';
import type { AppContext } from '../../context';
import { acceptUploads } from '../../plugins/uploads';
import { requestLimit } from '../../plugins/rate-limits';
import { storeUploadedImage } from './store-uploaded-image';
import { recordAnonymousUpload } from './anonymous-uploads';

export const REVIEW_UPLOAD_LIMIT = 20;
export const REVIEW_UPLOAD_WINDOW_MS = 10 * 60_000;
export const REVIEW_UPLOAD_RATE_MESSAGE =
  'Too many photo uploads from your connection. Please try again in a few minutes.';

/** Public upload of review photos: rate-limited per client address, checked and re-encoded like catalogue uploads. */
export const reviewUploadRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await acceptUploads(app);
    app.post(
      '/image/review-uploads',
      {
        config: {
          access: 'public',
          rateLimit: requestLimit({
            max: REVIEW_UPLOAD_LIMIT,
            windowMs: REVIEW_UPLOAD_WINDOW_MS,
            message: REVIEW_UPLOAD_RATE_MESSAGE,
          }),
        },
        schema: {
          tags: ['images', 'reviews'],
          consumes: ['multipart/form-data'],
          description: `Multipart field \`file\` (JPEG, PNG or WebP, at most 5 MB); at most ${REVIEW_UPLOAD_LIMIT} per 10 minutes per address. Answers the stored name as text; an upload no review uses within a day is deleted.`,
          response: { 201: safeString() },
        },
      },
      async (req, reply) => {
        const name = await storeUploadedImage(req, ctx);
        // Deleted after a day unless a review (or any other record) uses it by then.
        await recordAnonymousUpload(ctx, name);
        return reply.status(201).type('text/plain; charset=utf-8').send(name);
      },
    );
  };
