import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeString } from '@zevar/domain';
import {
  adminProductsQuery,
  catalogueProductSchema,
  hasPermission,
  pagedCatalogueProductsSchema,
  pagedProductsSchema,
  productInputSchema,
  productSchema,
  type CatalogueProduct,
  type Paged,
  productSearchQuery,
  productsByCategoryQuery,
  productsByMetalQuery,
  idParamsSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { createProductsService } from './products.service';
import { toPublicProduct } from './product-mapper';

const idParams = idParamsSchema;
const nameParams = z.object({ name: safeString().trim().min(1).max(200) });
const MANAGE = { permission: 'MANAGE_PRODUCTS' } as const;
const security = [{ bearer: [] }];
/** Catalogue admins get the full product; everyone else the public one (no reseller margin). */
const paged = { 200: z.union([pagedCatalogueProductsSchema, pagedProductsSchema]) };
const single = { 200: z.union([catalogueProductSchema, productSchema]) };

export const productsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createProductsService(ctx);
    const tags = ['products'];
    const seesCatalogue = async (req: FastifyRequest) => {
      const viewer = await app.optionalUser(req);
      return viewer?.type === 'ADMIN' && hasPermission(viewer.roles, 'MANAGE_PRODUCTS');
    };
    const forViewer = async (req: FastifyRequest, page: Paged<CatalogueProduct>) =>
      (await seesCatalogue(req)) ? page : { ...page, content: page.content.map(toPublicProduct) };

    app.get(
      '/products/paged',
      {
        config: { access: 'public' },
        schema: {
          tags,
          description: 'Newest first; filters combine (category includes its sub-categories).',
          querystring: adminProductsQuery,
          response: paged,
        },
      },
      async (req) => forViewer(req, await service.page(req.query)),
    );

    app.get(
      '/products/search',
      { config: { access: 'public' }, schema: { tags, querystring: productSearchQuery, response: paged } },
      async (req) => forViewer(req, await service.page({ ...req.query, search: req.query.keyword })),
    );

    app.get(
      '/products/category',
      {
        config: { access: 'public' },
        schema: { tags, querystring: productsByCategoryQuery, response: paged },
      },
      async (req) => forViewer(req, await service.page(req.query)),
    );

    app.get(
      '/products/metalType',
      { config: { access: 'public' }, schema: { tags, querystring: productsByMetalQuery, response: paged } },
      async (req) => forViewer(req, await service.page(req.query)),
    );

    app.get(
      '/products/exists/:name',
      {
        config: { access: 'public' },
        schema: {
          tags,
          description: 'Whether a product name is taken (case-insensitive).',
          params: nameParams,
          response: { 200: z.boolean() },
        },
      },
      async (req) => service.nameExists(req.params.name),
    );

    app.get(
      '/products/:id',
      { config: { access: 'public' }, schema: { tags, params: idParams, response: single } },
      async (req) => {
        const product = await service.get(req.params.id);
        return (await seesCatalogue(req)) ? product : toPublicProduct(product);
      },
    );

    app.post(
      '/products',
      {
        config: { access: MANAGE },
        schema: { tags, body: productInputSchema, response: { 201: catalogueProductSchema }, security },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.body)),
    );

    app.put(
      '/products/:id',
      {
        config: { access: MANAGE },
        schema: {
          tags,
          params: idParams,
          body: productInputSchema,
          response: { 200: catalogueProductSchema },
          security,
        },
      },
      async (req) => service.update(req.params.id, req.body),
    );

    app.delete(
      '/products/:id',
      {
        config: { access: MANAGE },
        schema: { tags, params: idParams, response: { 204: z.null() }, security },
      },
      async (req, reply) => {
        await service.remove(req.params.id);
        return reply.status(204).send(null);
      },
    );
  };
