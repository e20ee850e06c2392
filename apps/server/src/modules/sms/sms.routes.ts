import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagedSchema, smsMessageSchema, smsQuerySchema } from '@zevar/domain';
import type { AppContext } from '../../context';
import { pageSmsMessages } from './sms-admin.service';

/** The text messages sent to buyers (the sandbox's are read here), for super admins. */
export const smsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sms/messages',
      {
        config: { access: { permission: 'SUPER_ADMIN' } },
        schema: {
          tags: ['jobs'],
          security: [{ bearer: [] }],
          description: 'Newest first; with SMS=sandbox these are the messages a buyer would have received.',
          querystring: smsQuerySchema,
          response: { 200: pagedSchema(smsMessageSchema) },
        },
      },
      async (req) => pageSmsMessages(ctx.db, req.query),
    );
  };
