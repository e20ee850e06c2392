import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  carouselImageInputSchema,
  carouselImageRemoveSchema,
  carouselImageUpdateSchema,
  homeCarouselSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { createCarouselService } from './carousel.service';

const MANAGE = { permission: 'MANAGE_CAROUSEL' } as const;
const security = [{ bearer: [] }];
const response = { 200: homeCarouselSchema };

/** Admin side of the home carousel; items are addressed by their own id. */
export const carouselRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createCarouselService(ctx);
    const tags = ['carousel'];

    app.get(
      '/carousels/home',
      { config: { access: MANAGE }, schema: { tags, response, security } },
      async () => service.home(),
    );

    app.put(
      '/carousels/home/addImage',
      { config: { access: MANAGE }, schema: { tags, body: carouselImageInputSchema, response, security } },
      async (req) => service.add(req.body),
    );

    app.put(
      '/carousels/home/updateImage',
      { config: { access: MANAGE }, schema: { tags, body: carouselImageUpdateSchema, response, security } },
      async (req) => service.update(req.body),
    );

    app.put(
      '/carousels/home/removeImage',
      { config: { access: MANAGE }, schema: { tags, body: carouselImageRemoveSchema, response, security } },
      async (req) => service.remove(req.body.id),
    );
  };
