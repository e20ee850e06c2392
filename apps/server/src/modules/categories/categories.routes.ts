import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryExistsQuery,
  categoryInputSchema,
  categorySchema,
  categoryUpdateSchema,
  idParamsSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { createCategoriesService } from './categories.service';

const idParams = idParamsSchema;
const MANAGE = { permission: 'MANAGE_CATEGORIES' } as const;
const security = [{ bearer: [] }];

export const categoriesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createCategoriesService(ctx);
    const tags = ['categories'];

    app.get(
      '/category',
      {
        config: { access: 'public' },
        schema: { tags, description: 'Every category, flat.', response: { 200: z.array(categorySchema) } },
      },
      async () => service.list(),
    );

    app.get(
      '/category/:id/subcategories',
      {
        config: { access: 'public' },
        schema: { tags, params: idParams, response: { 200: z.array(categorySchema) } },
      },
      async (req) => service.subcategories(req.params.id),
    );

    app.get(
      '/exists',
      {
        config: { access: 'public' },
        schema: {
          tags,
          description: 'Whether a category name is taken.',
          querystring: categoryExistsQuery,
          response: { 200: z.boolean() },
        },
      },
      async (req) => service.exists(req.query.name),
    );

    app.post(
      '/category',
      {
        config: { access: MANAGE },
        schema: { tags, body: categoryInputSchema, response: { 201: categorySchema }, security },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.body)),
    );

    app.put(
      '/category/:id',
      {
        config: { access: MANAGE },
        schema: {
          tags,
          params: idParams,
          description:
            'Saves an edit made from `version`; a save over a newer version answers 409 with `current` (the newer category).',
          body: categoryUpdateSchema,
          response: { 200: categorySchema },
          security,
        },
      },
      async (req) => service.update(req.params.id, req.body),
    );

    app.delete(
      '/category/:id',
      {
        config: { access: MANAGE },
        schema: { tags, params: idParams, response: { 204: z.null() }, security },
      },
      async (req, reply) => {
        await service.remove(req.params.id);
        return reply.status(204).send(null);
      },
    );
  };
