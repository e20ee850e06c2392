import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  vendorPlanInputSchema,
  vendorPlanSchema,
  vendorPlanUpdateSchema,
  idParamsSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { createPlansService } from './plans.service';

const idParams = idParamsSchema;

export const plansRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createPlansService(ctx);
    const tags = ['vendor plans'];
    const superAdmin = { permission: 'SUPER_ADMIN' } as const;
    const security = [{ bearer: [] }];

    app.get(
      '/vendor-plan',
      {
        config: { access: 'public' },
        schema: {
          tags,
          description: 'Plans with their active options',
          response: { 200: z.array(vendorPlanSchema) },
        },
      },
      async () => service.list(true),
    );
    app.get(
      '/user/plans',
      {
        config: { access: 'public' },
        schema: {
          tags,
          description: 'The plans a vendor can choose (same as GET /vendor-plan)',
          response: { 200: z.array(vendorPlanSchema) },
        },
      },
      async () => service.list(true),
    );
    app.get(
      '/vendor-plan/admin',
      {
        config: { access: superAdmin },
        schema: { tags, security, response: { 200: z.array(vendorPlanSchema) } },
      },
      async () => service.list(false),
    );
    app.get(
      '/vendor-plan/:id',
      {
        config: { access: 'public' },
        schema: { tags, params: idParams, response: { 200: vendorPlanSchema } },
      },
      async (req) => service.get(req.params.id, true),
    );
    app.post(
      '/vendor-plan',
      {
        config: { access: superAdmin },
        schema: { tags, security, body: vendorPlanInputSchema, response: { 201: vendorPlanSchema } },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.body)),
    );
    app.put(
      '/vendor-plan/:id',
      {
        config: { access: superAdmin },
        schema: {
          tags,
          security,
          description:
            'Saves an edit made from `version`; over a newer version nothing is saved and the answer is 409 with `current`.',
          params: idParams,
          body: vendorPlanUpdateSchema.loose(),
          response: { 200: vendorPlanSchema },
        },
      },
      async (req) => service.update(req.params.id, req.body),
    );
    app.delete(
      '/vendor-plan/:id',
      { config: { access: superAdmin }, schema: { tags, security, params: idParams } },
      async (req, reply) => {
        await service.remove(req.params.id);
        return reply.status(204).send();
      },
    );
  };
