import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { metalInputSchema, metalSchema, idParamsSchema } from '@zevar/domain';
import type { AppContext } from '../../context';
import { createMetalsService } from './metals.service';

const idParams = idParamsSchema;
const SUPER_ADMIN = { permission: 'SUPER_ADMIN' } as const;
const security = [{ bearer: [] }];

export const metalsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createMetalsService(ctx);
    const tags = ['metals'];

    app.get(
      '/metals',
      { config: { access: 'public' }, schema: { tags, response: { 200: z.array(metalSchema) } } },
      async () => service.list(),
    );

    app.get(
      '/metals/:id',
      { config: { access: 'public' }, schema: { tags, params: idParams, response: { 200: metalSchema } } },
      async (req) => service.get(req.params.id),
    );

    app.post(
      '/metals',
      {
        config: { access: SUPER_ADMIN },
        schema: { tags, body: metalInputSchema, response: { 201: metalSchema }, security },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.body)),
    );

    app.put(
      '/metals/:id',
      {
        config: { access: SUPER_ADMIN },
        schema: {
          tags,
          description:
            'Changing the rate re-prices every GOLD/SILVER product priced by this metal in the same transaction.',
          params: idParams,
          body: metalInputSchema,
          response: { 200: metalSchema },
          security,
        },
      },
      async (req) => service.update(req.params.id, req.body),
    );

    app.delete(
      '/metals/:id',
      {
        config: { access: SUPER_ADMIN },
        schema: { tags, params: idParams, response: { 204: z.null() }, security },
      },
      async (req, reply) => {
        await service.remove(req.params.id);
        return reply.status(204).send(null);
      },
    );
  };
