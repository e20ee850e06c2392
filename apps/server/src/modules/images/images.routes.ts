import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_WIDTHS, type ImageWidth } from '../../lib/image-store';
import { safeString } from '@zevar/domain';
import type { AppContext } from '../../context';
import { acceptUploads } from '../../plugins/uploads';
import { notFound } from '../../lib/errors';
import { storeUploadedImage } from './store-uploaded-image';

/** Any string is accepted here; the image store refuses every name it did not generate (no path tricks). */
const nameParams = z.object({ name: safeString().max(200) });
const CATALOGUE_PERMISSIONS = {
  anyPermission: ['MANAGE_PRODUCTS', 'MANAGE_CATEGORIES', 'MANAGE_CAROUSEL'],
} as const;

const IMMUTABLE = 'public, max-age=31536000, immutable';

export const imagesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['images'];

    // Only the upload takes a multipart body: the public image reads below run no upload hook.
    await app.register(async (uploads) => {
      await acceptUploads(uploads);
      uploads.post(
        '/image/uploads',
        {
          config: { access: { anyPermission: [...CATALOGUE_PERMISSIONS.anyPermission] } },
          schema: {
            tags,
            consumes: ['multipart/form-data'],
            description:
              'Multipart field `file` (JPEG, PNG or WebP, at most 5 MB). Answers the stored name as text.',
            response: { 201: safeString() },
            security: [{ bearer: [] }],
          },
        },
        async (req, reply) => {
          const name = await storeUploadedImage(req, ctx);
          return reply.status(201).type('text/plain; charset=utf-8').send(name);
        },
      );
    });

    app.get(
      '/image/:name',
      {
        config: { access: 'public' },
        schema: {
          tags,
          params: nameParams,
          querystring: z.object({
            w: z.coerce
              .number()
              .pipe(
                z.union(
                  IMAGE_WIDTHS.map((w) => z.literal(w)) as [
                    z.ZodLiteral<ImageWidth>,
                    ...z.ZodLiteral<ImageWidth>[],
                  ],
                ),
              )
              .optional(),
          }),
        },
      },
      async (req, reply) => {
        reply
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'");
        if (!req.query.w) {
          const data = await ctx.images.read(req.params.name);
          if (!data) throw notFound('Image');
          return reply.type(ctx.images.contentType).header('cache-control', IMMUTABLE).send(data);
        }
        // Width variants come as AVIF to browsers that say they take it, else WebP.
        const acceptsAvif = /\bimage\/avif\b/.test(req.headers.accept ?? '');
        const variant = await ctx.images.readVariant(req.params.name, req.query.w, acceptsAvif);
        if (!variant) throw notFound('Image');
        return reply
          .type(variant.contentType)
          .header('vary', 'Accept')
          .header('cache-control', variant.final ? IMMUTABLE : 'public, max-age=60')
          .send(variant.data);
      },
    );

    app.delete(
      '/image/uploads/:name',
      {
        config: { access: { anyPermission: [...CATALOGUE_PERMISSIONS.anyPermission] } },
        schema: { tags, params: nameParams, response: { 204: z.null() }, security: [{ bearer: [] }] },
      },
      async (req, reply) => {
        if (!(await ctx.images.remove(req.params.name))) throw notFound('Image');
        return reply.status(204).send(null);
      },
    );
  };
