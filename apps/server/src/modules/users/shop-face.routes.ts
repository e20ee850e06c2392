import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbIdSchema, safeString, shopFaceInputSchema, shopFaceSettingsSchema } from '@zevar/domain';
import type { AppContext } from '../../context';
import { acceptUploads } from '../../plugins/uploads';
import { currentUser } from '../../plugins/auth';
import { createShopFaceService } from './shop-face.service';

const idParams = z.object({ id: dbIdSchema });

/**
 * The reseller's shop face (issue 26 item 5): its settings, saved whole, and its picture uploads.
 * A save invalidates that shop's answers and pages only (`shop:<slug>`, noted by the service; see
 * plugins/public-cache.ts).
 */
export const shopFaceRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    await acceptUploads(app);
    const service = createShopFaceService(ctx);
    const tags = ['users'];
    const security = [{ bearer: [] }];

    app.get(
      '/user/:id/shop-face',
      {
        // The vendor itself, or an admin who manages vendors (checked by the service).
        config: { access: 'authenticated' },
        schema: { tags, security, params: idParams, response: { 200: shopFaceSettingsSchema } },
      },
      async (req) => service.get(currentUser(req), req.params.id),
    );

    app.put(
      '/user/:id/shop-face',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          security,
          description:
            'Saves the shop face (logo, banner, about, contact number, WhatsApp number); parts the plan does not allow are refused (403) unless empty.',
          params: idParams,
          body: shopFaceInputSchema,
          response: { 200: shopFaceSettingsSchema },
        },
      },
      async (req) => service.save(currentUser(req), req.params.id, req.body),
    );

    app.post(
      '/user/:id/shop-face/images',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          security,
          consumes: ['multipart/form-data'],
          description:
            'Multipart field `file` (JPEG, PNG or WebP, at most 5 MB): a logo or banner, when the plan allows either. Answers the stored name as text.',
          params: idParams,
          response: { 201: safeString() },
        },
      },
      async (req, reply) => {
        const name = await service.upload(currentUser(req), req.params.id, req);
        return reply.status(201).type('text/plain; charset=utf-8').send(name);
      },
    );
  };
