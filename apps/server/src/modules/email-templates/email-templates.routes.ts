import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailPreviewInputSchema,
  emailPreviewSchema,
  emailTemplateInputSchema,
  emailTemplateUpdateSchema,
  emailTemplateSchema,
  idParamsSchema,
  safeString,
} from '@zevar/domain';
import { SAMPLE_ORDER_VARIABLES, renderSubject, renderTemplate } from '../mail';
import type { AppContext } from '../../context';
import { createEmailTemplatesService } from './email-templates.service';

const idParams = idParamsSchema;

export const emailTemplatesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createEmailTemplatesService(ctx);
    const access = { permission: 'SUPER_ADMIN' } as const;
    const tags = ['email templates'];
    const security = [{ bearer: [] }];

    app.get(
      '/email-templates',
      { config: { access }, schema: { tags, security, response: { 200: z.array(emailTemplateSchema) } } },
      async () => service.list(),
    );
    app.post(
      '/email-templates/preview',
      {
        config: { access },
        schema: {
          tags,
          security,
          description: 'Renders a template as it would be sent (sanitised), with sample order values.',
          body: emailPreviewInputSchema,
          response: { 200: emailPreviewSchema },
        },
      },
      async (req) => ({
        subject: renderSubject(req.body.subject, SAMPLE_ORDER_VARIABLES),
        html: renderTemplate(req.body.body, SAMPLE_ORDER_VARIABLES),
      }),
    );
    app.get(
      '/email-templates/name/:name',
      {
        config: { access },
        schema: {
          tags,
          security,
          params: z.object({ name: safeString().trim().min(1).max(100) }),
          response: { 200: emailTemplateSchema },
        },
      },
      async (req) => service.byName(req.params.name),
    );
    app.get(
      '/email-templates/:id',
      {
        config: { access },
        schema: { tags, security, params: idParams, response: { 200: emailTemplateSchema } },
      },
      async (req) => service.get(req.params.id),
    );
    app.post(
      '/email-templates',
      {
        config: { access },
        schema: { tags, security, body: emailTemplateInputSchema, response: { 201: emailTemplateSchema } },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.body)),
    );
    app.put(
      '/email-templates/:id',
      {
        config: { access },
        schema: {
          tags,
          security,
          description:
            'Saves an edit made from `version`; over a newer version nothing is saved and the answer is 409 with `current`.',
          params: idParams,
          body: emailTemplateUpdateSchema.loose(),
          response: { 200: emailTemplateSchema },
        },
      },
      async (req) => service.update(req.params.id, req.body),
    );
    app.delete(
      '/email-templates/:id',
      { config: { access }, schema: { tags, security, params: idParams } },
      async (req, reply) => {
        await service.remove(req.params.id);
        return reply.status(204).send();
      },
    );
  };
