import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, outboxMessageSchema, outboxQuerySchema, pagedSchema } from '@zevar/domain';
import type { AppContext } from '../../context';
import { createOutboxAdmin } from './outbox-admin.service';

const access = { permission: 'SUPER_ADMIN' } as const;
const tags = ['jobs'];
const security = [{ bearer: [] }];

/** The mail outbox for admins (shown under Background Jobs): read, retry, resend. */
export const outboxRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const outbox = createOutboxAdmin(ctx);
    app.get(
      '/mail/outbox',
      {
        config: { access },
        schema: {
          tags,
          security,
          description: 'Newest first; FAILING: a try failed (waiting for the next, or given up).',
          querystring: outboxQuerySchema,
          response: { 200: pagedSchema(outboxMessageSchema) },
        },
      },
      async (req) => outbox.page(req.query),
    );
    app.post(
      '/mail/outbox/:id/retry',
      {
        config: { access },
        schema: { tags, security, params: idParamsSchema, response: { 200: outboxMessageSchema } },
      },
      async (req) => outbox.retry(req.params.id),
    );
    app.post(
      '/mail/outbox/:id/resend',
      {
        config: { access },
        schema: { tags, security, params: idParamsSchema, response: { 201: outboxMessageSchema } },
      },
      async (req, reply) => reply.status(201).send(await outbox.resend(req.params.id)),
    );
  };
