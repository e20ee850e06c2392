import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditQuerySchema, pagedAuditSchema } from '@zevar/domain';
import type { AppContext } from '../../context';
import { createAuditService } from './audit.service';

/** The audit trail is read here and nowhere written through a route (decision 0041). */
export const auditRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createAuditService(ctx);
    app.get(
      '/audit',
      {
        config: { access: { permission: 'VIEW_AUDIT' } },
        schema: {
          tags: ['audit'],
          description:
            'Who changed what, when and from where, newest first: by person (`actorId`, or `person` matching email or name), entity (`entityType`, `entityId`), `action` and business-timezone days (`from`, `to`, both included).',
          querystring: auditQuerySchema,
          response: { 200: pagedAuditSchema },
          security: [{ bearer: [] }],
        },
      },
      async (req) => service.search(req.query),
    );
  };
