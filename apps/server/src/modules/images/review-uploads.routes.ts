import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { storeUploadedImage } from './store-uploaded-image';

export const REVIEW_UPLOAD_LIMIT = 20;
export const REVIEW_UPLOAD_WINDOW_MS = 10 * 60_000;
export const REVIEW_UPLOAD_RATE_MESSAGE =
  'Too many photo uploads from your connection. Please try again in a few minutes.';

/** Fixed-window counter per client address; old windows are dropped as they are met. */
export function createWindowLimiter(opts: { limit: number; windowMs: number; now: () => Date }) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Counts one attempt; false when the client is over the limit for the current window. */
    take(key: string): boolean {
      const now = opts.now().getTime();
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (now - w.start >= opts.windowMs) windows.delete(k);
      }
      const current = windows.get(key);
      if (!current || now - current.start >= opts.windowMs) {
        windows.set(key, { start: now, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= opts.limit;
    },
  };
}

/** Public upload of review photos: rate-limited per client address, checked and re-encoded like catalogue uploads. */
export const reviewUploadRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const limiter = createWindowLimiter({
      limit: REVIEW_UPLOAD_LIMIT,
      windowMs: REVIEW_UPLOAD_WINDOW_MS,
      now: ctx.now,
    });
    app.post(
      '/image/review-uploads',
      {
        config: { access: 'public' },
        schema: {
          tags: ['images', 'reviews'],
          consumes: ['multipart/form-data'],
          description: `Multipart field \`file\` (JPEG, PNG or WebP, at most 5 MB); at most ${REVIEW_UPLOAD_LIMIT} per 10 minutes per address. Answers the stored name as text.`,
          response: { 201: z.string() },
        },
      },
      async (req, reply) => {
        if (!limiter.take(req.ip)) throw new AppError('RATE_LIMITED', REVIEW_UPLOAD_RATE_MESSAGE);
        const name = await storeUploadedImage(req, ctx);
        return reply.status(201).type('text/plain; charset=utf-8').send(name);
      },
    );
  };
