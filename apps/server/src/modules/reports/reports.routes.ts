import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  documentsExportQuery,
  salesRegisterCsvQuery,
  salesRegisterQuery,
  salesRegisterSummarySchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { createReportsService } from './reports.service';

/**
 * The documents carry buyers' names, GSTINs and places of supply: the reports are for whoever may
 * read the invoices themselves (MANAGE_ORDERS, as the Invoices section; decision 0057).
 */
const manageOrders = { access: { permission: 'MANAGE_ORDERS' } } as const;
const tags = ['reports'];
const security = [{ bearer: [] }];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sales and tax reports: the month's GSTR-1 sales register (summary, xlsx, CSV) and the documents export. */
export const reportsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createReportsService(ctx);

    app.get(
      '/reports/gst-sales-register',
      {
        config: manageOrders,
        schema: {
          tags,
          security,
          querystring: salesRegisterQuery,
          response: { 200: salesRegisterSummarySchema },
        },
      },
      async (req) => service.summary(req.query.month),
    );

    app.get(
      '/reports/gst-sales-register/xlsx',
      { config: manageOrders, schema: { tags, security, querystring: salesRegisterQuery, produces: [XLSX] } },
      async (req, reply) => service.registerXlsx(reply, req.query.month),
    );

    app.get(
      '/reports/gst-sales-register/csv',
      {
        config: manageOrders,
        schema: { tags, security, querystring: salesRegisterCsvQuery, produces: ['text/csv'] },
      },
      async (req, reply) => service.registerCsv(reply, req.query.month, req.query.table),
    );

    app.get(
      '/reports/tax-documents',
      {
        config: manageOrders,
        schema: { tags, security, querystring: documentsExportQuery, produces: [XLSX, 'text/csv'] },
      },
      async (req, reply) => service.documentsExport(reply, req.query),
    );
  };
