import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dbIdSchema,
  orderTaxDocumentsSchema,
  safeString,
  sellerTaxDetailsSchema,
  taxDocumentListQuery,
  taxDocumentPageSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { createInvoicesService } from './invoices.service';

const orderParams = z.object({ id: safeString().trim().min(1).max(100) });
const creditNoteParams = orderParams.extend({ creditNoteId: dbIdSchema });
/** Like the payment status page: whoever holds the order's unguessable id (the buyer, an admin). */
const isPublic = { access: 'public' } as const;
const manageOrders = { access: { permission: 'MANAGE_ORDERS' } } as const;
const security = [{ bearer: [] }];

function sendPdf(reply: FastifyReply, file: { filename: string; content: Buffer }) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.content);
}

/** GST tax invoices and credit notes: downloads by order id, and the admin's series and seller details. */
export const invoicesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createInvoicesService(ctx);

    app.get(
      '/orders/byId/:id/invoice',
      {
        config: isPublic,
        schema: { tags: ['invoices'], params: orderParams, produces: ['application/pdf'] },
      },
      async (req, reply) => sendPdf(reply, await service.invoicePdf(req.params.id)),
    );

    app.get(
      '/orders/byId/:id/credit-notes/:creditNoteId',
      {
        config: isPublic,
        schema: { tags: ['invoices'], params: creditNoteParams, produces: ['application/pdf'] },
      },
      async (req, reply) =>
        sendPdf(reply, await service.creditNotePdf(req.params.id, req.params.creditNoteId)),
    );

    app.get(
      '/orders/byId/:id/tax-documents',
      {
        config: isPublic,
        schema: { tags: ['invoices'], params: orderParams, response: { 200: orderTaxDocumentsSchema } },
      },
      async (req) => service.documentsOf(req.params.id),
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
