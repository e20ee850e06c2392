import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeString } from '@zevar/domain';
import {
  adminOrderDetailSchema,
  adminOrderListQuery,
  adminOrderSchema,
  hasPermission,
  moneyActionReason,
  orderStatusInput,
  pagedSchema,
  partRefundInputSchema,
  rupeesToPaise,
  pageQuerySchema,
  paymentStatusInput,
  dbIdSchema,
  shippingStateCorrectionSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { assertRecentAuth, currentUser, type AuthUser } from '../../plugins/auth';
import { forbidden } from '../../lib/errors';
import { sendXlsx } from '../../lib/xlsx';
import { createOrdersAdminService } from './orders-admin.service';
import { createOrderTransitions } from './order-transitions';
import { createShippingStateCorrection } from './shipping-state-correction';
import { ORDER_XLSX_COLUMNS } from './orders-xlsx';
import { createRefundOrderPart } from './refund-order-part';
import { createAskRefundAgain } from './ask-refund-again';

const manageOrders = { permission: 'MANAGE_ORDERS' } as const;
const tags = ['orders'];
const security = [{ bearer: [] }];
const orderNumberParams = z.object({
  orderNumber: safeString().trim().min(1, 'Order number is missing').max(100).toUpperCase(),
});
const vendorParams = z.object({ vendorId: dbIdSchema });
const refundParams = orderNumberParams.extend({ refundId: dbIdSchema });

/** A vendor sees only its own orders; order managers and detail viewers see any vendor's. */
function assertMayReadVendor(user: AuthUser, vendorId: number): void {
  if (user.type === 'VENDOR' && user.id === vendorId) return;
  if (
    user.type === 'ADMIN' &&
    (hasPermission(user.roles, 'MANAGE_ORDERS') || hasPermission(user.roles, 'VIEW_DETAILS'))
  )
    return;
  throw forbidden();
}

/** The order manager: list, detail, status and payment changes, download; plus a vendor's own orders. */
export const ordersAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createOrdersAdminService(ctx);
    const transitions = createOrderTransitions(ctx);
    const correctShippingState = createShippingStateCorrection(ctx);
    const refundOrderPart = createRefundOrderPart(ctx);
    const askRefundAgain = createAskRefundAgain(ctx);

    app.get(
      '/orders/paginated',
      {
        config: { access: manageOrders },
        schema: {
          tags,
          security,
          querystring: adminOrderListQuery,
          response: { 200: pagedSchema(adminOrderSchema) },
        },
      },
      async (req) => service.list(req.query),
    );

    app.get(
      '/orders/download',
      {
        config: { access: manageOrders },
        schema: { tags, security, querystring: adminOrderListQuery.omit({ page: true, size: true }) },
      },
      async (req, reply) =>
        sendXlsx(
          reply,
          'orders.xlsx',
          'Orders',
          ORDER_XLSX_COLUMNS,
          service.stream(req.query),
          ctx.config.BUSINESS_TIMEZONE,
        ),
    );

    app.get(
      '/orders/admin/:orderNumber',
      {
        config: { access: manageOrders },
        schema: { tags, security, params: orderNumberParams, response: { 200: adminOrderDetailSchema } },
      },
      async (req) => service.detail(req.params.orderNumber),
    );

    app.patch(
      '/orders/:orderNumber/status',
      {
        config: { access: manageOrders },
        schema: {
          tags,
          security,
          params: orderNumberParams,
          description:
            'Cancelling a paid order refunds it through the gateway and issues a credit note: `reason` is required then and kept in the order history.',
          querystring: z.object({ status: orderStatusInput, reason: moneyActionReason.optional() }),
          response: { 200: adminOrderDetailSchema },
        },
      },
      async (req) => {
        const user = currentUser(req);
        await transitions.changeStatus(
          req.params.orderNumber,
          req.query.status,
          user.username,
          req.query.reason,
          () => assertRecentAuth(user, ctx.now()),
        );
        return service.detail(req.params.orderNumber);
      },
    );

    app.patch(
      '/orders/:orderNumber/payment',
      {
        config: { access: manageOrders },
        schema: {
          tags,
          security,
          params: orderNumberParams,
          description:
            'REFUNDED refunds the payment through the gateway and issues a credit note: `reason` is required then and kept in the order history.',
          querystring: z.object({ status: paymentStatusInput, reason: moneyActionReason.optional() }),
          response: { 200: adminOrderDetailSchema },
        },
      },
      async (req) => {
        const user = currentUser(req);
        await transitions.changePayment(
          req.params.orderNumber,
          req.query.status,
          user.username,
          req.query.reason,
          () => assertRecentAuth(user, ctx.now()),
        );
        return service.detail(req.params.orderNumber);
      },
    );

    app.patch(
      '/orders/:orderNumber/shipping-state',
      {
        config: { access: manageOrders },
        schema: {
          tags,
          security,
          params: orderNumberParams,
          description:
            'For an older order whose address names no place of supply (free-text state): names the state (one the PIN code can be in), records it in the order history and issues the tax invoice of a paid order.',
          body: shippingStateCorrectionSchema,
          response: { 200: adminOrderDetailSchema },
        },
      },
      async (req) => {
        await correctShippingState(req.params.orderNumber, req.body, currentUser(req).username);
        return service.detail(req.params.orderNumber);
      },
    );

    app.post(
      '/orders/:orderNumber/refunds',
      {
        config: { access: manageOrders },
        schema: {
          tags,
          security,
          params: orderNumberParams,
          description:
            'Refunds part of a paid order (docs/decisions/0039): `lines` (order line ids and quantities, optionally the HUIDs of the pieces) or `amount` (rupees), a `reason`, `restock` (the units and their pieces go back to stock). Goes through the gateway once per `idempotencyKey`; issues a credit note for exactly that part when the gateway has refunded it. Needs a recent password proof.',
          body: partRefundInputSchema,
          response: { 200: adminOrderDetailSchema },
        },
      },
      async (req) => {
        const user = currentUser(req);
        assertRecentAuth(user, ctx.now());
        const { lines, amount, reason, restock, idempotencyKey } = req.body;
        await refundOrderPart({
          orderNumber: req.params.orderNumber,
          ask: lines ? { lines } : { amountPaise: rupeesToPaise(amount!) },
          reason,
          restock,
          actor: user.username,
          idempotencyKey,
        });
        return service.detail(req.params.orderNumber);
      },
    );

    app.post(
      '/orders/:orderNumber/refunds/:refundId/retry',
      {
        config: { access: manageOrders },
        schema: {
          tags,
          security,
          params: refundParams,
          description:
            'Asks the gateway again for a failed partial refund (its stock and ledger effects stay as they were; its credit note follows its success). Needs a recent password proof.',
          body: z.object({ reason: moneyActionReason }),
          response: { 200: adminOrderDetailSchema },
        },
      },
      async (req) => {
        const user = currentUser(req);
        assertRecentAuth(user, ctx.now());
        await askRefundAgain(req.params.orderNumber, req.params.refundId, user.username, req.body.reason);
        return service.detail(req.params.orderNumber);
      },
    );

    app.get(
      '/orders/vendor/:vendorId',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          security,
          params: vendorParams,
          querystring: pageQuerySchema(10, 100),
          response: { 200: pagedSchema(adminOrderSchema) },
        },
      },
      async (req) => {
        assertMayReadVendor(currentUser(req), req.params.vendorId);
        return service.list({ ...req.query, vendorId: req.params.vendorId });
      },
    );
  };
