import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { certificateDownloadName, isCertificatePdf, safeString } from '@zevar/domain';
import {
  adminProductListQuery,
  adminProductsQuery,
  bulkProductInputSchema,
  bulkProductResultSchema,
  catalogueProductSchema,
  hasPermission,
  pagedCatalogueProductsSchema,
  pagedProductsSchema,
  productInputSchema,
  productReferencesSchema,
  productSchema,
  productUpdateSchema,
  stockAdjustmentInputSchema,
  stockAdjustmentSchema,
  type CatalogueProduct,
  type Paged,
  productSearchQuery,
  productsByCategoryQuery,
  productsByMetalQuery,
  idParamsSchema,
  productAssuranceSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { CERTIFICATE_CSP } from '../../lib/pdf-check';
import { createProductsService } from './products.service';
import { adminProductPage } from './admin-product-list';
import { createBulkProducts } from './apply-bulk-action';
import { gstBasisPoints } from './repricing.service';
import { toPublicProduct } from './product-mapper';
import { adjustStock, stockAdjustmentsOf } from '../stock';
import { currentUser } from '../../plugins/auth';
import { returnsPolicyOf } from '../returns';
import { productAssurance } from './product-assurance';

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
    // Public reads (anyone may call them) run on the timed connections (PUBLIC_READ_TIMEOUT_MS).
    const reads = createProductsService({ ...ctx, db: ctx.publicDb });
    const tags = ['products'];
    const seesCatalogue = async (req: FastifyRequest) => {
      const viewer = await app.optionalUser(req);
      return viewer?.type === 'ADMIN' && hasPermission(viewer.roles, 'MANAGE_PRODUCTS');
    };
    /** Catalogue admins see archived products too (marked); shoppers and vendors never do. */
    const pageFor = async <Q extends Parameters<typeof service.page>[0]>(req: FastifyRequest, query: Q) => {
      const admin = await seesCatalogue(req);
      const page: Paged<CatalogueProduct> = await reads.page({ ...query, includeArchived: admin });
      return admin ? page : { ...page, content: page.content.map(toPublicProduct) };
    };

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
      async (req) => pageFor(req, req.query),
    );

    app.get(
      '/products/search',
      { config: { access: 'public' }, schema: { tags, querystring: productSearchQuery, response: paged } },
      async (req) => pageFor(req, { ...req.query, search: req.query.keyword }),
    );

    app.get(
      '/products/category',
      {
        config: { access: 'public' },
        schema: { tags, querystring: productsByCategoryQuery, response: paged },
      },
      async (req) => pageFor(req, req.query),
    );

    app.get(
      '/products/metalType',
      { config: { access: 'public' }, schema: { tags, querystring: productsByMetalQuery, response: paged } },
      async (req) => pageFor(req, req.query),
    );

    app.get(
      '/products/admin',
      {
        config: { access: MANAGE },
        schema: {
          tags,
          description:
            'The catalogue admin list: every status, filters (status, stock in/low/out, category with its sub-categories, metal, purity, plan, hallmarked, search), sorts and page sizes; exact totals.',
          querystring: adminProductListQuery,
          response: { 200: pagedCatalogueProductsSchema },
          security,
        },
      },
      async (req) => adminProductPage(ctx.db, req.query, gstBasisPoints(ctx.config)),
    );

    const bulk = createBulkProducts(ctx);
    app.post(
      '/products/bulk',
      {
        config: { access: MANAGE },
        schema: {
          tags,
          description:
            'One action (archive, publish, plan, category, commission, making charge) on up to 500 products, each named with the version it was listed at: all in one transaction, or nothing (409 naming the products changed meanwhile). Products the action leaves alone come back in `skipped` with the reason.',
          body: bulkProductInputSchema,
          response: { 200: bulkProductResultSchema },
          security,
        },
      },
      async (req) => bulk(req.body),
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
        const product = await reads.get(req.params.id);
        if (await seesCatalogue(req)) return product;
        if (product.status !== 'active') throw notFound('Product');
        return toPublicProduct(product);
      },
    );

    app.get(
      '/products/:id/assurance',
      {
        config: { access: 'public' },
        schema: {
          tags,
          params: idParams,
          description:
            "What a buyer checks before paying: EMI per tenure, insured shipping, the seller's BIS registration and this piece under the returns policy.",
          response: { 200: productAssuranceSchema },
        },
      },
      async (req) => {
        const product = await reads.get(req.params.id);
        if (product.status !== 'active') throw notFound('Product');
        return productAssurance(product, ctx.config, await returnsPolicyOf(ctx.publicDb));
      },
    );

    app.get(
      '/products/:id/certificate',
      {
        config: { access: 'public' },
        schema: {
          tags,
          params: idParams,
          description:
            "The product's certificate as the lab's PDF (decision 0069): served inert (nosniff, a CSP that allows nothing) under a name made of the lab and the report number. 404 when the certificate has no PDF.",
        },
      },
      async (req, reply) => {
        const product = await reads.get(req.params.id);
        if (product.status !== 'active' && !(await seesCatalogue(req))) throw notFound('Certificate');
        const c = product.gem?.certificate;
        if (!c || !isCertificatePdf(c.file)) throw notFound('Certificate');
        const data = await ctx.images.readPdf(c.file!);
        if (!data) throw notFound('Certificate');
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `inline; filename="${certificateDownloadName(c.lab, c.labName, c.reportNumber)}"`,
          )
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', CERTIFICATE_CSP)
          .header('cross-origin-resource-policy', 'same-origin')
          .header('cache-control', 'public, max-age=300')
          .send(data);
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
          description:
            'Saves an edit made from `version`; a save over a newer version answers 409 with `current` (the newer product). Stock is not edited here: see stock-adjustments.',
          body: productUpdateSchema,
          response: { 200: catalogueProductSchema },
          security,
        },
      },
      async (req) => service.update(req.params.id, req.body),
    );

    app.get(
      '/products/:id/references',
      {
        config: { access: MANAGE },
        schema: { tags, params: idParams, response: { 200: productReferencesSchema }, security },
      },
      async (req) => service.references(req.params.id),
    );

    app.get(
      '/products/:id/stock-adjustments',
      {
        config: { access: MANAGE },
        schema: { tags, params: idParams, response: { 200: z.array(stockAdjustmentSchema) }, security },
      },
      async (req) => {
        await service.get(req.params.id);
        return stockAdjustmentsOf(ctx.db, req.params.id);
      },
    );

    app.post(
      '/products/:id/stock-adjustments',
      {
        config: { access: MANAGE },
        schema: {
          tags,
          description: 'Pieces in (positive) or out (negative) with a reason; recorded with who and when.',
          params: idParams,
          body: stockAdjustmentInputSchema,
          response: { 201: stockAdjustmentSchema },
          security,
        },
      },
      async (req, reply) => {
        const adjustment = await ctx.db.transaction((tx) =>
          adjustStock(tx, req.params.id, req.body, currentUser(req).username),
        );
        return reply.status(201).send(adjustment);
      },
    );

    app.post(
      '/products/:id/restore',
      {
        config: { access: MANAGE },
        schema: { tags, params: idParams, response: { 200: catalogueProductSchema }, security },
      },
      async (req) => service.restore(req.params.id),
    );

    app.delete(
      '/products/:id',
      {
        config: { access: MANAGE },
        schema: {
          tags,
          description:
            'Archives the product (hidden from shops, kept for orders, invoices and history); refused while a carousel slide links to it.',
          params: idParams,
          response: { 204: z.null() },
          security,
        },
      },
      async (req, reply) => {
        await service.archive(req.params.id);
        return reply.status(204).send(null);
      },
    );
  };
