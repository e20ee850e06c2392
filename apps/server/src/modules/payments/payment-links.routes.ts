import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminPaymentLinkQuery,
  createPaymentLinkBody,
  pagedPaymentLinksSchema,
  paymentLinkIdParams,
  paymentLinkListSchema,
  paymentLinkSchema,
  quotePaymentLinkParams,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { createPaymentLinksService, type LinkActor } from './payment-links.service';

const tags = ['payment-links'];
const security = [{ bearer: [] }];
const manageOrders = { permission: 'MANAGE_ORDERS' } as const;

/**
 * Payment links for quotes (issue 26 item 2, docs/decisions/0060): a reseller for its own quotes,
 * staff who manage orders for any quote. The buyer pays on the provider's page; the webhook settles.
 */
export const paymentLinksRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createPaymentLinksService(ctx);
    const vendor = (id: number): LinkActor => ({ kind: 'vendor', vendorId: id });
    const admin = (id: number): LinkActor => ({ kind: 'admin', userId: id });

    for (const [prefix, access, actorOf] of [
      ['/vendor', 'vendor', vendor],
      ['/admin', manageOrders, admin],
    ] as const) {
      app.post(
        `${prefix}/quotes/:code/payment-links`,
        {
          config: { access },
          schema: {
            tags,
            security,
            description:
              'A payment link for the quote’s amount, for one buyer (name, phone, optional email, delivery address), expiring with the quote or earlier.',
            params: quotePaymentLinkParams,
            body: createPaymentLinkBody,
            response: { 201: paymentLinkSchema },
          },
        },
        async (req, reply) =>
          reply
            .status(201)
            .send(await service.create(actorOf(currentUser(req).id), req.params.code, req.body)),
      );

      app.post(
        `${prefix}/payment-links/:id/cancel`,
        {
          config: { access },
          schema: {
            tags,
            security,
            description: 'Cancels an unpaid, open payment link at the provider and here.',
            params: paymentLinkIdParams,
            response: { 200: paymentLinkSchema },
          },
        },
        async (req) => service.cancel(actorOf(currentUser(req).id), req.params.id),
      );
    }

    app.get(
      '/vendor/payment-links',
      {
        config: { access: 'vendor' },
        schema: { tags, security, response: { 200: paymentLinkListSchema } },
      },
      async (req) => service.listOwn(currentUser(req).id),
    );

    app.get(
      '/admin/payment-links',
      {
        config: { access: manageOrders },
        schema: {
          tags,
          security,
          description:
            'Every payment link, newest first, a page at a time: by status, by reseller shop (slug), searched by quote code or buyer’s phone.',
          querystring: adminPaymentLinkQuery,
          response: { 200: pagedPaymentLinksSchema },
        },
      },
      async (req) => service.listAll(req.query),
    );
  };
