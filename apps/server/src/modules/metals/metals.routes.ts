import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  metalInputSchema,
  metalSchema,
  metalUpdateSchema,
  idParamsSchema,
  metalPricesInputSchema,
  metalPricesSchema,
  metalRateChangeSchema,
  metalRatePreviewQuery,
  metalRatePreviewSchema,
  metalRateSchema,
  metalRatesHistoryQuery,
  metalRatesHistorySchema,
  purityInputSchema,
  purityParamsSchema,
  puritySchema,
  purityUpdateSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { createMetalRatesService } from './metal-rates.service';
import { createMetalsService } from './metals.service';
import { createPuritiesService } from './purities.service';
import { sendCached } from '../../plugins/public-cache';

const idParams = idParamsSchema;
const SUPER_ADMIN = { permission: 'SUPER_ADMIN' } as const;
const security = [{ bearer: [] }];

export const metalsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createMetalsService(ctx);
    const rates = createMetalRatesService(ctx);
    const purities = createPuritiesService(ctx);
    const tags = ['metals'];

    app.get(
      '/metal-rates',
      {
        config: { access: 'public' },
        schema: {
          tags,
          description: 'Current rate per gram of every purity of every metal, with its last update.',
          response: { 200: z.array(metalRateSchema) },
        },
      },
      async (req, reply) =>
        sendCached(ctx.cache, req, reply, { tags: ['catalogue', 'rates'] }, () => purities.currentRates()),
    );

    app.get(
      '/metal-rates/history',
      {
        config: { access: 'public' },
        schema: {
          tags,
          description:
            'A metal’s rate changes (per purity) over the last `days` days, and the rates the window starts from.',
          querystring: metalRatesHistoryQuery,
          response: { 200: metalRatesHistorySchema },
        },
      },
      async (req, reply) =>
        sendCached(ctx.cache, req, reply, { tags: ['catalogue', 'rates'], ttlMs: 60_000 }, () =>
          purities.history(req.query.metal, req.query.days),
        ),
    );

    app.post(
      '/metals/:id/purities',
      {
        config: { access: SUPER_ADMIN },
        schema: {
          tags,
          description: 'Adds a purity (e.g. platinum 950) with an entered rate or one derived by fineness.',
          params: idParams,
          body: purityInputSchema,
          response: { 201: puritySchema },
          security,
        },
      },
      async (req, reply) =>
        reply.status(201).send(await purities.create(req.params.id, req.body, currentUser(req).username)),
    );

    app.put(
      '/metals/:id/purities/:purityId',
      {
        config: { access: SUPER_ADMIN },
        schema: {
          tags,
          description:
            'Changes a purity; a rate change is recorded and re-prices its products in the same transaction.',
          params: purityParamsSchema,
          body: purityUpdateSchema,
          response: { 200: puritySchema },
          security,
        },
      },
      async (req) => purities.update(req.params.id, req.params.purityId, req.body, currentUser(req).username),
    );

    app.post(
      '/metals/:id/purities/:purityId/preview',
      {
        config: { access: SUPER_ADMIN },
        schema: {
          tags,
          description:
            'What saving this purity would do to its rate and products (changes nothing): how many products change, a few old and new prices, and whether it needs the large-change confirmation.',
          params: purityParamsSchema,
          body: purityInputSchema,
          response: { 200: metalRatePreviewSchema },
          security,
        },
      },
      async (req) => purities.preview(req.params.id, req.params.purityId, req.body),
    );

    app.delete(
      '/metals/:id/purities/:purityId',
      {
        config: { access: SUPER_ADMIN },
        schema: { tags, params: purityParamsSchema, response: { 204: z.null() }, security },
      },
      async (req, reply) => {
        await purities.remove(req.params.id, req.params.purityId);
        return reply.status(204).send(null);
      },
    );

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
          body: metalUpdateSchema,
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
