import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dbIdSchema,
  documentLinkQuery,
  orderTaxDocumentsSchema,
  safeString,
  sellerTaxDetailsSchema,
  taxDocumentListQuery,
  taxDocumentPageSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { replyPdf } from '../../lib/reply-pdf';
import { ORDER_KEY_HEADER } from '../../plugins/auth';
import { assertMayReadOrderDocuments } from '../orders';
import { createInvoicesService } from './invoices.service';

const orderParams = z.object({ id: safeString().trim().min(1).max(100) });
const creditNoteParams = orderParams.extend({ creditNoteId: dbIdSchema });
/**
 * The buyer (the order key in `x-order-key`, or a signed link from the order's mail) or an order
 * manager: the documents carry the full PAN, GSTIN, address and HUIDs (decision 0033). VIEW_DETAILS
 * admins see the PAN masked elsewhere and do not get the documents.
 */
const buyerOrManager = { access: { permission: 'MANAGE_ORDERS', orOrderHolder: true } } as const;
const orderKeyHeader = z.object({ [ORDER_KEY_HEADER]: safeString().max(200).optional() });
const manageOrders = { access: { permission: 'MANAGE_ORDERS' } } as const;
const security = [{ bearer: [] }];

/** GST tax invoices and credit notes: downloads by order id, and the admin's series and seller details. */
export const invoicesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createInvoicesService(ctx);

    const mayRead = (req: FastifyRequest, id: string, what: string) =>
      assertMayReadOrderDocuments(ctx, req, id, what);
    const proofSchema = { headers: orderKeyHeader, querystring: documentLinkQuery, security };

    app.get(
      '/orders/byId/:id/invoice',
      {
        config: buyerOrManager,
        schema: { tags: ['invoices'], params: orderParams, ...proofSchema, produces: ['application/pdf'] },
      },
      async (req, reply) => {
        await mayRead(req, req.params.id, 'Invoice');
        const file = await service.invoicePdf(req.params.id);
        return replyPdf(reply, file.filename, file.content);
      },
    );

    app.get(
      '/orders/byId/:id/credit-notes/:creditNoteId',
      {
        config: buyerOrManager,
        schema: {
          tags: ['invoices'],
          params: creditNoteParams,
          ...proofSchema,
          produces: ['application/pdf'],
        },
      },
      async (req, reply) => {
        await mayRead(req, req.params.id, 'Credit note');
        const file = await service.creditNotePdf(req.params.id, req.params.creditNoteId);
        return replyPdf(reply, file.filename, file.content);
      },
    );

    app.get(
      '/orders/byId/:id/tax-documents',
      {
        config: buyerOrManager,
        schema: {
          tags: ['invoices'],
          params: orderParams,
          ...proofSchema,
          response: { 200: orderTaxDocumentsSchema },
        },
      },
      async (req) => {
        await mayRead(req, req.params.id, 'Order');
        return service.documentsOf(req.params.id);
      },
    );

    app.get(
      '/invoices',
      {
        config: manageOrders,
        schema: {
          tags: ['invoices'],
          security,
          querystring: taxDocumentListQuery,
          response: { 200: taxDocumentPageSchema },
        },
      },
      async (req) => service.list(req.query),
    );

    app.get(
      '/invoices/seller',
      {
        config: manageOrders,
        schema: { tags: ['invoices'], security, response: { 200: sellerTaxDetailsSchema } },
      },
      async () => service.sellerDetails(),
    );
  };
