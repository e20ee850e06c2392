import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failedJobSchema } from '@zevar/domain';
import type { AppContext } from '../../context';
import { listFailedJobs } from './job-queue';

export const jobsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/jobs/failed',
      {
        config: { access: { permission: 'SUPER_ADMIN' } },
        schema: {
          tags: ['jobs'],
          security: [{ bearer: [] }],
          response: { 200: z.array(failedJobSchema) },
        },
      },
      async () => listFailedJobs(ctx.db),
    );
  };
