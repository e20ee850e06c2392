import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagedCatalogueProductsSchema, vendorProductsQuerySchema } from '@zevar/domain';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { createVendorProductsService } from './vendor-products.read-model';

export const vendorDashboardRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const products = createVendorProductsService(ctx);
    app.get(
      '/vendor/products',
      {
        config: { access: 'vendor' },
        schema: {
          tags: ['vendor dashboard'],
          security: [{ bearer: [] }],
          description:
            "The signed-in vendor's sellable catalogue under its plan (in stock only), with filters.",
          querystring: vendorProductsQuerySchema,
          response: { 200: pagedCatalogueProductsSchema },
        },
      },
      async (req) => products.list(currentUser(req).id, req.query),
    );
  };
