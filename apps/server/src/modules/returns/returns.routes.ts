import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buyerReturnsSchema,
  dbIdSchema,
  pagedSchema,
  returnDecisionBody,
  returnInspectionBody,
  returnRequestBody,
  returnSendBackBody,
  returnViewSchema,
  returnsQuerySchema,
  safeString,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { clientNetworkOf } from '../../lib/client-network';
import { currentUser } from '../../plugins/auth';
import { requestLimit } from '../../plugins/rate-limits';
import type { RefundDeps } from '../shipping';
import { trackedOrderOfToken } from '../tracking';
import { createReturnsService } from './returns.service';

const manageOrders = { permission: 'MANAGE_ORDERS' } as const;
const readOrders = {
  anyPermission: ['MANAGE_ORDERS', 'VIEW_DETAILS'] as ('MANAGE_ORDERS' | 'VIEW_DETAILS')[],
};
const tags = ['returns'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: dbIdSchema });
const tokenHeaders = z.object({ 'x-tracking-token': z.string().max(200).optional() }).loose();
const buyerLimit = requestLimit({
  max: 60,
  windowMs: 15 * 60_000,
  message: 'Too many requests from your network. Please try again in a few minutes.',
  key: (req) => `track-returns:${clientNetworkOf(req.ip)}`,
});

/** Returns (issue 22 item 7c): the buyer's request on /track (tracking token), the admin's decisions. */
export const returnsRoutes =
  (ctx: AppContext, deps: RefundDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createReturnsService(ctx, deps);
    const orderOf = (token: string | undefined) => trackedOrderOfToken(ctx.config, token, ctx.now());

    app.get(
      '/track/returns',
      {
        config: { access: 'public', rateLimit: buyerLimit },
        schema: {
          tags,
          description:
            'For the `x-tracking-token` from /track/verify: which lines may be returned now (the returns policy) and the order’s returns with their timelines.',
          headers: tokenHeaders,
          response: { 200: buyerReturnsSchema },
        },
      },
      async (req) => service.buyerView(orderOf(req.headers['x-tracking-token'])),
    );

    app.post(
      '/track/returns',
      {
        config: { access: 'public', rateLimit: buyerLimit },
        schema: {
          tags,
          description:
            'The buyer asks for a return (lines and units, reason, photos uploaded through /image/review-uploads) with the tracking token. Once per `requestKey`: a replay answers the same request.',
          headers: tokenHeaders,
          body: returnRequestBody,
          response: { 201: buyerReturnsSchema },
        },
      },
      async (req, reply) => {
        const orderId = orderOf(req.headers['x-tracking-token']);
        await service.request(orderId, req.body);
        return reply.code(201).send(await service.buyerView(orderId));
      },
    );

    app.get(
      '/returns',
      {
        config: { access: readOrders },
        schema: {
          tags,
          security,
          querystring: returnsQuerySchema,
          response: { 200: pagedSchema(returnViewSchema) },
        },
      },
      async (req) => service.list(req.query),
    );

    app.get(
      '/returns/orders/:orderNumber',
      {
        config: { access: readOrders },
        schema: {
          tags,
          security,
          params: z.object({ orderNumber: safeString().trim().min(1).max(100).toUpperCase() }),
          response: { 200: z.array(returnViewSchema) },
        },
      },
      async (req) => service.ofOrder(req.params.orderNumber),
    );

    app.get(
      '/returns/:id',
      {
        config: { access: readOrders },
        schema: { tags, security, params: idParams, response: { 200: returnViewSchema } },
      },
      async (req) => service.get(req.params.id),
    );

    app.post(
      '/returns/:id/decision',
      {
        config: { access: manageOrders },
        schema: {
          tags,
          security,
          description:
            'Approve (a reverse pickup is booked through the carrier, the buyer is mailed) or reject with a reason. The same decision again answers the return as it is.',
          params: idParams,
          body: returnDecisionBody,
          response: { 200: returnViewSchema },
        },
      },
      async (req) => service.decide(req.params.id, req.body, currentUser(req)),
    );

    app.post(
      '/returns/:id/inspection',
      {
        config: { access: manageOrders },
        schema: {
          tags,
          security,
          description:
            'Once the return parcel has reached the shop: ACCEPT (HUIDs must match the returned pieces; refund, credit note and commission reversal for exactly the returned units, restock as chosen, the buyer mailed) or REFUSE with a reason.',
          params: idParams,
          body: returnInspectionBody,
          response: { 200: returnViewSchema },
        },
      },
      async (req) => service.inspect(req.params.id, req.body, currentUser(req)),
    );

    app.post(
      '/returns/:id/pickup',
      {
        config: { access: manageOrders },
        schema: {
          tags,
          security,
          description:
            'Books the reverse pickup again after it failed (carrier refused the booking, courier could not collect): queued and booked through the carrier like the first booking, retried through outages. A repeat while the new pickup is booking or on its way answers the return unchanged.',
          params: idParams,
          response: { 200: returnViewSchema },
        },
      },
      async (req) => service.bookPickupAgain(req.params.id, currentUser(req)),
    );

    app.post(
      '/returns/:id/send-back',
      {
        config: { access: manageOrders },
        schema: {
          tags,
          security,
          description:
            'Sends a piece refused at inspection back to the buyer: a forward parcel (seal, packed weight, the HUIDs of the returned pieces) booked through the carrier and shown on /track. No refund. Once: a repeat answers the return.',
          params: idParams,
          body: returnSendBackBody,
          response: { 200: returnViewSchema },
        },
      },
      async (req) => service.sendBack(req.params.id, req.body, currentUser(req)),
    );
  };
