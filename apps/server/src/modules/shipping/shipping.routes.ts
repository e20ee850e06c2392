import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  bookShipmentSchema,
  bulkBookResultSchema,
  bulkBookSchema,
  createShipmentSchema,
  dbIdSchema,
  deskQuerySchema,
  deskRowSchema,
  deskShopSchema,
  manifestQuerySchema,
  orderShipmentsSchema,
  packingSlipQuerySchema,
  pagedSchema,
  safeString,
  sandboxCarrierEventSchema,
  schedulePickupSchema,
  shipmentRatesSchema,
  shipmentViewSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { AppError } from '../../lib/errors';
import { replyPdf } from '../../lib/reply-pdf';
import { createShippingService } from './shipments.service';

/** Writes (packing, booking, printing, pickups, cancelling) are the order managers'. */
const manageOrders = { permission: 'MANAGE_ORDERS' } as const;
/** Reads are also open to VIEW_DETAILS, the read-only oversight permission that already reads vendors' orders. */
const readOrders = {
  anyPermission: ['MANAGE_ORDERS', 'VIEW_DETAILS'] as ('MANAGE_ORDERS' | 'VIEW_DETAILS')[],
};
const tags = ['shipping'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: dbIdSchema });
const orderNumberParams = z.object({
  orderNumber: safeString().trim().min(1, 'Order number is missing').max(100).toUpperCase(),
});
const awbParams = z.object({ awb: safeString().trim().min(1).max(40) });
const send = (reply: FastifyReply, file: { filename: string; pdf: Buffer }) =>
  replyPdf(reply, file.filename, file.pdf);

/** The admin's shipments: packing, booking (one or many), documents, pickups, cancelling, the desk. */
export const shippingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createShippingService(ctx);

    app.get(
      '/shipping/orders/:orderNumber',
      {
        config: { access: readOrders },
        schema: { tags, security, params: orderNumberParams, response: { 200: orderShipmentsSchema } },
      },
      async (req) => service.orderShipments(req.params.orderNumber),
    );

    app.post(
      '/shipping/orders/:orderNumber/shipments',
      {
        config: { access: manageOrders },
        schema: {
          tags,
          security,
          description:
            'Packs a shipment of a paid order: lines and units (at most what is left of each), seal number, packed weight, size and the HUIDs of the pieces packed (each one of the packed lines\u2019 own; every hallmarked unit scanned). The packer is the caller.',
          params: orderNumberParams,
          body: createShipmentSchema,
          response: { 201: shipmentViewSchema },
        },
      },
      async (req, reply) =>
        reply
          .code(201)
          .send(await service.createShipment(req.params.orderNumber, req.body, currentUser(req))),
    );

    app.get(
      '/shipping/desk',
      {
        config: { access: readOrders },
        schema: {
          tags,
          security,
          querystring: deskQuerySchema,
          response: { 200: pagedSchema(deskRowSchema) },
        },
      },
      async (req) => service.desk(req.query),
    );

    app.get(
      '/shipping/desk/shops',
      {
        config: { access: readOrders },
        schema: {
          tags,
          security,
          description: 'Every vendor\u2019s shop (id and name), for the desk\u2019s shop filter.',
          response: { 200: z.array(deskShopSchema) },
        },
      },
      async () => service.shops(),
    );

    app.get(
      '/shipping/shipments/:id',
      {
        config: { access: readOrders },
        schema: { tags, security, params: idParams, response: { 200: shipmentViewSchema } },
      },
      async (req) => service.shipment(req.params.id),
    );

    app.get(
      '/shipping/shipments/:id/rates',
      {
        config: { access: manageOrders },
        schema: { tags, security, params: idParams, response: { 200: shipmentRatesSchema } },
      },
      async (req) => service.rates(req.params.id),
    );

    app.post(
      '/shipping/shipments/:id/book',
      {
        config: { access: manageOrders },
        schema: {
          tags,
          security,
          description:
            'Queues the booking and makes the first attempt at once; a carrier outage leaves it queued and the booking job retries with backoff. Above SHIPMENT_CONFIRM_CARRIER_ABOVE_RUPEES `courierId` and `confirmCarrier: true` are required.',
          params: idParams,
          body: bookShipmentSchema,
          response: { 200: shipmentViewSchema },
        },
      },
      async (req) => service.book(req.params.id, req.body, currentUser(req).username),
    );

    app.post(
      '/shipping/shipments/book',
      {
        config: { access: manageOrders },
        schema: {
          tags,
          security,
          description:
            'Queues many packed shipments for booking; the booking job books them. Shipments that need the carrier confirmed, or are not packed, are refused one by one.',
          body: bulkBookSchema,
          response: { 200: bulkBookResultSchema },
        },
      },
      async (req) => service.bookMany(req.body.shipmentIds, currentUser(req).username),
    );

    app.post(
      '/shipping/shipments/:id/cancel',
      {
        config: { access: manageOrders },
        schema: { tags, security, params: idParams, response: { 200: shipmentViewSchema } },
      },
      async (req) => service.cancel(req.params.id, currentUser(req).username),
    );

    app.post(
      '/shipping/pickups',
      {
        config: { access: manageOrders },
        schema: {
          tags,
          security,
          body: schedulePickupSchema,
          response: { 200: z.array(shipmentViewSchema) },
        },
      },
      async (req) => service.schedulePickup(req.body.shipmentIds),
    );

    app.get(
      '/shipping/shipments/:id/label',
      {
        config: { access: manageOrders },
        schema: { tags, security, params: idParams, produces: ['application/pdf'] },
      },
      async (req, reply) => send(reply, await service.label(req.params.id)),
    );

    app.get(
      '/shipping/shipments/:id/packing-slip',
      {
        config: { access: manageOrders },
        schema: {
          tags,
          security,
          params: idParams,
          querystring: packingSlipQuerySchema,
          produces: ['application/pdf'],
        },
      },
      async (req, reply) => send(reply, await service.packingSlip(req.params.id, req.query.prices)),
    );

    app.get(
      '/shipping/manifest',
      {
        config: { access: manageOrders },
        schema: { tags, security, querystring: manifestQuerySchema, produces: ['application/pdf'] },
      },
      async (req, reply) => send(reply, await service.manifest(req.query.ids)),
    );

    // The sandbox courier's next step, delivered through the same webhook route a real carrier calls.
    app.post(
      '/shipping/sandbox/:awb/events',
      {
        config: { access: manageOrders },
        schema: {
          tags,
          security,
          description:
            'Sandbox carrier only: advances the parcel (PICKED_UP, IN_TRANSIT, OUT_FOR_DELIVERY, DELIVERED, DELIVERY_FAILED, RETURNED_TO_ORIGIN) and posts the event to /api/webhooks/carrier. DELIVERED of a parcel delivered by OTP needs the buyer\u2019s code (`otp`).',
          params: awbParams,
          body: sandboxCarrierEventSchema,
          response: { 200: shipmentViewSchema },
        },
      },
      async (req) => {
        const sandbox = ctx.sandboxCarrier;
        if (!sandbox || ctx.carrier.mode !== 'sandbox')
          throw new AppError('NOT_FOUND', 'The sandbox carrier is not in use');
        const { awb } = req.params;
        if (req.body.type === 'DELIVERED') await service.verifyDeliveryCode(awb, req.body.otp);
        const delivery = await sandbox.advance(awb, {
          type: req.body.type,
          location: req.body.location,
          weightGrams: req.body.weightGrams,
          ...(req.body.type === 'DELIVERED' && req.body.otp
            ? { note: 'Delivered against the buyer\u2019s delivery code' }
            : {}),
        });
        const res = await app.inject({
          method: 'POST',
          url: '/api/webhooks/carrier',
          headers: { ...delivery.headers, 'content-type': 'application/json' },
          payload: JSON.stringify(delivery.body),
        });
        if (res.statusCode !== 200) {
          ctx.log.error(
            { status: res.statusCode, body: res.body },
            'the sandbox carrier webhook was refused',
          );
          throw new AppError('INTERNAL', 'The sandbox carrier could not deliver its event');
        }
        return service.shipmentByAwb(awb);
      },
    );
  };
