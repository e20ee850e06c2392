import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  publicReturnsPolicySchema,
  returnsPolicyAnswerSchema,
  returnsPolicyUpdateSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { createReturnsPolicyService } from './returns-policy.service';

const admin = { permission: 'SUPER_ADMIN' } as const;
const tags = ['returns'];
const security = [{ bearer: [] }];

/** The returns policy: the storefront's policy page reads it; a super admin edits it. */
export const returnsPolicyRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createReturnsPolicyService(ctx);

    app.get(
      '/returns-policy',
      {
        config: { access: 'public' },
        schema: {
          tags,
          description:
            'The returns policy the storefront shows: none, or a window of days with a value cap and excluded categories.',
          response: { 200: publicReturnsPolicySchema },
        },
      },
      async () => service.publicView(),
    );

    app.get(
      '/returns-policy/admin',
      {
        config: { access: admin },
        schema: { tags, security, response: { 200: returnsPolicyAnswerSchema } },
      },
      async () => service.get(),
    );

    app.put(
      '/returns-policy',
      {
        config: { access: admin },
        schema: {
          tags,
          security,
          description:
            'Saves the returns policy over the version the edit started from; over a newer one, 409 with the message and `current`.',
          body: returnsPolicyUpdateSchema,
          response: { 200: returnsPolicyAnswerSchema },
        },
      },
      async (req) => service.update(req.body, currentUser(req).username),
    );
  };
