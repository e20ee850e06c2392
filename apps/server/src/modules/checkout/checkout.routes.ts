import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentLinkQuery, safeString } from '@zevar/domain';
import {
  applyCouponBody,
  cancelPaymentBody,
  cartQuoteBody,
  cartQuoteQuery,
  cartQuoteSchema,
  checkoutSchema,
  repricedCheckoutSchema,
  confirmPaymentQuery,
  confirmPaymentResponse,
  createCheckoutBody,
  createCheckoutQuery,
  initiateOrderBody,
  initiateOrderResponse,
  orderStatusViewSchema,
  paymentWindowBody,
  paymentWindowResponse,
  ORDER_STATUS_VALUES,
  PAYMENT_STATUS_VALUES,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { clientNetworkOf } from '../../lib/client-network';
import { createCheckoutService } from './checkout.service';
import { createPlaceOrder } from './place-order';
import { createOrderPaymentService } from './order-payment.service';
import { orderProofOf } from '../orders';

const checkoutParams = z.object({ id: z.uuid({ message: 'Checkout not found' }) });
const orderParams = z.object({ id: safeString().trim().min(1).max(100) });
const isPublic = { access: 'public' } as const;

/** The buying path: cart quote, checkout, order initiation and payment confirmation. All public. */
export const checkoutRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const checkout = createCheckoutService(ctx);
    const placeOrder = createPlaceOrder(ctx, checkout);
    const payment = createOrderPaymentService(ctx);

    app.post(
      '/cart/quote',
      {
        config: isPublic,
        schema: {
          tags: ['cart'],
          querystring: cartQuoteQuery,
          body: cartQuoteBody,
          response: { 200: cartQuoteSchema },
        },
      },
      async (req) => checkout.quote(req.query.vendorSlug, req.body),
    );

    app.post(
      '/checkout',
      {
        config: isPublic,
        schema: {
          tags: ['checkout'],
          querystring: createCheckoutQuery,
          body: createCheckoutBody,
          response: { 201: z.object({ checkoutId: safeString() }) },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await checkout.create(req.query.vendorSlug, req.body, req.query.cartKey)),
    );

    app.get(
      '/checkout/:id',
      {
        config: isPublic,
        schema: { tags: ['checkout'], params: checkoutParams, response: { 200: checkoutSchema } },
      },
      async (req) => checkout.get(req.params.id),
    );

    app.post(
      '/checkout/:id/reprice',
      {
        config: isPublic,
        schema: {
          tags: ['checkout'],
          description:
            'After its window a checkout no longer holds its prices: re-prices it at today’s rates with a new window and answers the previous total.',
          params: checkoutParams,
          response: { 200: repricedCheckoutSchema },
        },
      },
      async (req) => checkout.reprice(req.params.id),
    );

    app.patch(
      '/checkout/applyCoupon/:id',
      {
        config: isPublic,
        schema: {
          tags: ['checkout'],
          params: checkoutParams,
          body: applyCouponBody,
          response: { 200: checkoutSchema },
        },
      },
      async (req) =>
        checkout.applyCoupon(req.params.id, typeof req.body === 'string' ? req.body : req.body.code),
    );

    app.delete(
      '/checkout/applyCoupon/:id',
      {
        config: isPublic,
        schema: { tags: ['checkout'], params: checkoutParams, response: { 200: checkoutSchema } },
      },
      async (req) => checkout.removeCoupon(req.params.id),
    );

    app.post(
      '/orders/initiate-order',
      {
        config: isPublic,
        schema: { tags: ['orders'], body: initiateOrderBody, response: { 200: initiateOrderResponse } },
      },
      async (req) => placeOrder(req.body, clientNetworkOf(req.ip), req.headers.cookie),
    );

    app.post(
      '/orders/confirm-payment',
      {
        config: isPublic,
        schema: {
          tags: ['orders'],
          querystring: confirmPaymentQuery,
          response: { 200: confirmPaymentResponse },
        },
      },
      async (req) => payment.confirmPayment(req.query),
    );

    app.get(
      '/orders/byId/:id',
      {
        config: isPublic,
        schema: {
          tags: ['orders'],
          description:
            'The payment status page. The buyer’s name and address only with the order key (`x-order-key`) or a signed link.',
          params: orderParams,
          querystring: documentLinkQuery,
          response: { 200: orderStatusViewSchema },
        },
      },
      async (req) => payment.getStatusView(req.params.id, orderProofOf(req)),
    );

    app.post(
      '/orders/:id/payment-window',
      {
        config: isPublic,
        schema: {
          tags: ['orders'],
          description:
            'The card window opened: a new order’s brief hold becomes the whole payment window, within the share of each product unpaid orders may hold. Needs the cancel key from initiate-order.',
          params: orderParams,
          body: paymentWindowBody,
          response: { 200: paymentWindowResponse },
        },
      },
      async (req) => payment.openPaymentWindow(req.params.id, req.body.cancelKey),
    );

    app.post(
      '/orders/:id/cancel-payment',
      {
        config: isPublic,
        schema: {
          tags: ['orders'],
          params: orderParams,
          body: cancelPaymentBody,
          response: {
            200: z.object({
              status: z.enum(ORDER_STATUS_VALUES),
              paymentStatus: z.enum(PAYMENT_STATUS_VALUES),
            }),
          },
        },
      },
      async (req) => payment.cancelPayment(req.params.id, req.body.reason, req.body.cancelKey),
    );
  };
