import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  metalInputSchema,
  metalSchema,
  idParamsSchema,
  metalPricesInputSchema,
  metalPricesSchema,
  metalRateChangeSchema,
  metalRatePreviewQuery,
  metalRatePreviewSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { createMetalRatesService } from './metal-rates.service';
import { createMetalsService } from './metals.service';

const idParams = idParamsSchema;
const SUPER_ADMIN = { permission: 'SUPER_ADMIN' } as const;
const security = [{ bearer: [] }];

export const metalsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createMetalsService(ctx);
    const rates = createMetalRatesService(ctx);
    const tags = ['metals'];

    app.get(
      '/metals/prices',
      {
        config: { access: 'public' },
        schema: {
          tags,
          description: 'Metal prices summary: gold, silver, lastUpdated.',
          response: { 200: metalPricesSchema },
        },
      },
      async () => rates.prices(),
    );

    app.put(
      '/metals/prices',
      {
        config: { access: SUPER_ADMIN },
        schema: {
          tags,
          description:
            'Sets the Gold and Silver rates together; each re-prices its products and is recorded.',
          body: metalPricesInputSchema,
          response: { 200: metalPricesSchema },
          security,
        },
      },
      async (req) => rates.updatePrices(req.body, currentUser(req).username),
    );

    app.get(
      '/metals/:id/preview',
      {
        config: { access: SUPER_ADMIN },
        schema: {
          tags,
          description: 'What a new rate would do: how many products change, a few old and new prices.',
          params: idParams,
          querystring: metalRatePreviewQuery,
          response: { 200: metalRatePreviewSchema },
          security,
        },
      },
      async (req) => rates.preview(req.params.id, req.query.price),
    );

    app.get(
      '/metals/:id/history',
      {
        config: { access: SUPER_ADMIN },
        schema: { tags, params: idParams, response: { 200: z.array(metalRateChangeSchema) }, security },
      },
      async (req) => rates.history(req.params.id),
    );

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
      async (req, reply) => reply.status(201).send(await service.create(req.body, currentUser(req).username)),
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
      async (req) => service.update(req.params.id, req.body, currentUser(req).username),
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
