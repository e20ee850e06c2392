import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failedJobSchema, failedJobsQuerySchema, pagedSchema } from '@zevar/domain';
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
          description: 'Runs that failed after every retry, newest first, a page at a time.',
          querystring: failedJobsQuerySchema,
          response: { 200: pagedSchema(failedJobSchema) },
        },
      },
      async (req) => listFailedJobs(ctx.db, req.query),
    );
  };
