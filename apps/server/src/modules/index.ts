import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { systemRoutes } from './system/system.routes';
import { usersRoutes } from './users/users.routes';

/** Every API module, mounted under /api. */
export const routeModules: Array<(ctx: AppContext) => FastifyPluginAsyncZod> = [systemRoutes, usersRoutes];
