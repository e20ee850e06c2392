import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCached, sendCachedBody, sendCachedWithFigures, type Figures } from '../../plugins/public-cache';
import { gstBasisPoints } from '../metals';
import { countProductView } from '../products';
import { z } from 'zod';
import { safeString } from '@zevar/domain';
import {
  boundedPageQuery,
  categoryProductsByPlanQuery,
  categoryProductsQuery,
  searchKeywordSchema,
  shopPageQuery,
  shopSearchPageQuery,
  pagedProductListSchema,
  planSchema,
  productListItemSchema,
  productSchema,
  vendorSlugQuery,
  dbIdSchema,
  type Paged,
  type Plan,
  type Product,
  type ProductListItem,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { CacheTag } from '../../lib/cache/invalidation';
import { clientNetworkOf } from '../../lib/client-network';
import {
  createProductReads,
  lookupKey,
  withStockFigures,
  type StockFigures,
} from './product-reads.read-model';
import { listAnswerTags, productAnswerTags, productFigureTags } from './answer-tags';
import { createShopResolver, keptShop } from './visibility.read-model';
import { createCategoryPages } from './category-pages';
import { isBuyerAgent } from '../analytics';
import { parseStorefrontPath } from '../seo';

const tags = ['storefront'];
const access = { access: 'public' as const };
const text = safeString().trim().min(1).max(200);
const idParam = dbIdSchema;
const productList = z.array(productListItemSchema);

/** Public product reads of a storefront: `vendorSlug` (default storefront when absent) or a plan segment. */
export const storefrontProductRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // Public reads run on the timed connections (PUBLIC_READ_TIMEOUT_MS).
    const reads = createProductReads(ctx.publicDb, gstBasisPoints(ctx.config));
    const shopOf = createShopResolver(ctx);
    // Category pages are made from a kept listing and kept product cards (decision 0094).
    const categoryPages = createCategoryPages(ctx.cache, reads, pagedProductListSchema);
    const planOf = async (slug: string | undefined) => (await shopOf(slug)).plan;
    /**
     * `then(plan)` at once when the shop is kept, so a cached hit is answered without a promise
     * (decision 0087); a handler returns what this returns: nothing when it has answered, else the
     * promise Fastify waits for.
     */
    const withPlan = (
      slug: string | undefined,
      then: (plan: Plan) => FastifyReply | Promise<FastifyReply>,
    ): Promise<void> | undefined => {
      const shop = keptShop(ctx, slug);
      const sent = shop ? then(shop.plan) : shopOf(slug).then((s) => then(s.plan));
      return sent instanceof Promise ? sent.then(() => undefined) : undefined;
    };
    /**
     * A product answer is tagged with what it shows; its exact stock and sales count are laid over
     * the kept rest of it, read afresh after each change of them (decision 0088).
     */
    const figures: Figures<Product, StockFigures> = {
      tagsOf: productFigureTags,
      read: (product) => reads.stockFigures([product.id, ...product.linkedVariants.map((v) => v.id)]),
      apply: withStockFigures,
    };
    /**
     * `lookup`: what the read is given, trimmed and lower-cased (it matches slugs, names and SKUs
     * case-insensitively), so every spelling of it shares one kept rest (decision 0100).
     */
    const cached = (
      req: FastifyRequest,
      reply: FastifyReply,
      plan: Plan,
      lookup: string,
      read: (lookup: string) => Promise<Product>,
    ) => {
      const same = lookupKey(lookup);
      return sendCachedWithFigures(
        ctx.cache,
        req,
        reply,
        { tags: ['catalogue'], plan, tagsOf: productAnswerTags, figures, sameRestAs: { lookup: same } },
        () => read(same),
      );
    };
    /**
     * A list answer is tagged with the products it shows, their metals and what orders or filters it;
     * it shows stock bands, so a sale that keeps a product's band keeps it (decision 0081).
     */
    const cachedList = (
      req: FastifyRequest,
      reply: FastifyReply,
      plan: Plan,
      read: () => Promise<ProductListItem[] | Paged<ProductListItem>>,
      listTags: readonly CacheTag[],
    ) =>
      sendCached(
        ctx.cache,
        req,
        reply,
        { tags: ['catalogue', ...listTags], plan, tagsOf: listAnswerTags },
        read,
      );
    const LIST: CacheTag[] = ['lists'];

    /**
     * A shopper's view of a product page (the page calls this each time it opens, loaded or reached
     * in the app): feeds the trending rule and the shop's analytics (docs/decisions/0061), the shop
     * being the one in the page's address (the Referer; none: the default shop). One count per
     * network per product per hour.
     */
    const shopOfPage = (referer: string | undefined) => {
      if (!referer || referer.length > 2048) return ctx.config.DEFAULT_VENDOR_SLUG;
      const pathname = URL.canParse(referer) ? new URL(referer).pathname : '';
      return (
        parseStorefrontPath(pathname, ctx.config.DEFAULT_VENDOR_SLUG)?.vendorSlug ??
        ctx.config.DEFAULT_VENDOR_SLUG
      );
    };
    const shopExists = (slug: string) =>
      shopOf(slug).then(
        () => true,
        () => false,
      );
    app.post(
      '/products/:id/views',
      { config: access, schema: { tags, params: z.object({ id: idParam }), response: { 204: z.null() } } },
      async (req, reply) => {
        if (await ctx.once.claim(`view:${clientNetworkOf(req.ip)}:${req.params.id}`, 3_600_000)) {
          const product = await countProductView(ctx.db, req.params.id);
          // Made-up product ids and shop addresses count nothing (they would take the counter's keys).
          const vendorSlug = shopOfPage(req.headers.referer);
          if (product && isBuyerAgent(req.headers['user-agent']) && (await shopExists(vendorSlug)))
            ctx.views.count({ vendorSlug, kind: 'product', subject: String(req.params.id) }, ctx.now());
        }
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/products',
      {
        config: access,
        schema: { tags, querystring: shopPageQuery, response: { 200: pagedProductListSchema } },
      },
      async (req, reply) => {
        const plan = await planOf(req.query.vendorSlug);
        return cachedList(req, reply, plan, () => reads.all(plan, req.query), LIST);
      },
    );
    app.get(
      '/products/name/:name',
      {
        config: access,
        schema: {
          tags,
          params: z.object({ name: text }),
          querystring: vendorSlugQuery,
          response: { 200: productSchema },
        },
      },
      (req, reply) =>
        withPlan(req.query.vendorSlug, (plan) =>
          cached(req, reply, plan, req.params.name, (name) => reads.byName(plan, name)),
        ),
    );
    app.get(
      '/products/slug/:slug',
      {
        config: access,
        schema: {
          tags,
          params: z.object({ slug: text }),
          querystring: vendorSlugQuery,
          response: { 200: productSchema },
        },
      },
      async (req, reply) => {
        const plan = await planOf(req.query.vendorSlug);
        return cached(req, reply, plan, req.params.slug, (slug) => reads.bySlug(plan, slug));
      },
    );
    app.get(
      '/products/sku/:sku',
      {
        config: access,
        schema: {
          tags,
          params: z.object({ sku: text }),
          querystring: vendorSlugQuery,
          response: { 200: productSchema },
        },
      },
      async (req, reply) => {
        const plan = await planOf(req.query.vendorSlug);
        return cached(req, reply, plan, req.params.sku, (sku) => reads.bySku(plan, sku));
      },
    );
    app.get(
      '/products/recent',
      {
        config: access,
        schema: {
          tags,
          querystring: vendorSlugQuery.extend({ size: z.coerce.number().int().min(1).max(50).default(10) }),
          response: { 200: productList },
        },
      },
      async (req, reply) => {
        const plan = await planOf(req.query.vendorSlug);
        return cachedList(req, reply, plan, () => reads.recent(plan, req.query.size), LIST);
      },
    );
    app.get(
      '/products/top10',
      { config: access, schema: { tags, querystring: vendorSlugQuery, response: { 200: productList } } },
      async (req, reply) => {
        const plan = await planOf(req.query.vendorSlug);
        return cachedList(req, reply, plan, () => reads.top10(plan), [...LIST, 'popularity']);
      },
    );
    app.get(
      '/products/trending',
      {
        config: access,
        schema: { tags, querystring: shopPageQuery, response: { 200: pagedProductListSchema } },
      },
      async (req, reply) => {
        const plan = await planOf(req.query.vendorSlug);
        return cachedList(req, reply, plan, () => reads.trending(plan, req.query), [
          ...LIST,
          'popularity',
          'stock-lists',
        ]);
      },
    );
    app.get(
      '/products/sale',
      {
        config: access,
        schema: { tags, querystring: shopPageQuery, response: { 200: pagedProductListSchema } },
      },
      async (req, reply) => {
        const plan = await planOf(req.query.vendorSlug);
        return cachedList(req, reply, plan, () => reads.sale(plan, req.query), [...LIST, 'stock-lists']);
      },
    );
    app.get(
      '/products/special-offers',
      { config: access, schema: { tags, querystring: vendorSlugQuery, response: { 200: productList } } },
      async (req, reply) => {
        const plan = await planOf(req.query.vendorSlug);
        return cachedList(req, reply, plan, () => reads.specialOffers(plan), [...LIST, 'stock-lists']);
      },
    );
    app.get(
      '/products/variantGroup/:id',
      {
        config: access,
        schema: {
          tags,
          params: z.object({ id: text }),
          querystring: vendorSlugQuery,
          response: { 200: productList },
        },
      },
      async (req, reply) => {
        const plan = await planOf(req.query.vendorSlug);
        return cachedList(req, reply, plan, () => reads.variantGroup(plan, req.params.id), LIST);
      },
    );
    app.get(
      '/products/vendorPlan/:plan',
      {
        config: access,
        schema: {
          tags,
          params: z.object({ plan: planSchema }),
          querystring: boundedPageQuery,
          response: { 200: pagedProductListSchema },
        },
      },
      async (req, reply) =>
        cachedList(req, reply, req.params.plan, () => reads.all(req.params.plan, req.query), LIST),
    );
    app.get(
      '/products/search/:keyword',
      {
        config: access,
        schema: {
          tags,
          params: z.object({ keyword: searchKeywordSchema }),
          querystring: shopSearchPageQuery,
          response: { 200: pagedProductListSchema },
        },
      },
      async (req, reply) => {
        const plan = await planOf(req.query.vendorSlug);
        return cachedList(req, reply, plan, () => reads.search(plan, req.params.keyword, req.query), LIST);
      },
    );
    app.get(
      '/products/category/:id',
      {
        config: access,
        schema: {
          tags,
          params: z.object({ id: idParam }),
          querystring: categoryProductsQuery,
          response: { 200: pagedProductListSchema },
        },
      },
      async (req, reply) => {
        const plan = await planOf(req.query.vendorSlug);
        return sendCachedBody(ctx.cache, req, reply, { plan, fromSecondAsk: true }, () =>
          categoryPages.page(plan, req.params.id, req.query),
        );
      },
    );
    app.get(
      '/products/category/:categoryId/vendorPlan/:plan',
      {
        config: access,
        schema: {
          tags,
          params: z.object({ categoryId: idParam, plan: planSchema }),
          querystring: categoryProductsByPlanQuery,
          response: { 200: pagedProductListSchema },
        },
      },
      async (req, reply) =>
        sendCachedBody(ctx.cache, req, reply, { plan: req.params.plan, fromSecondAsk: true }, () =>
          categoryPages.page(req.params.plan, req.params.categoryId, req.query),
        ),
    );
  };
