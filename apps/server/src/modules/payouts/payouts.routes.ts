import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPayoutSchema,
  payoutPreviewSchema,
  payoutSchema,
  idParamsSchema,
  dbIdSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { currentUser, mayReadVendor, userReaders } from '../../plugins/auth';
import { forbidden } from '../../lib/errors';
import { sendXlsx } from '../../lib/xlsx';
import { createPayoutsService } from './payouts.service';

const idParams = idParamsSchema;
const vendorParams = z.object({ vendorId: dbIdSchema });

export const payoutsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createPayoutsService(ctx);
    const tags = ['payouts'];
    const security = [{ bearer: [] }];

    app.get(
      '/vendor-payouts',
      {
        config: { access: userReaders },
        schema: { tags, security, response: { 200: z.array(payoutSchema) } },
      },
      async () => service.list(),
    );

    app.get(
      '/vendor-payouts/download',
      { config: { access: userReaders }, schema: { tags, security } },
      async (_req, reply) =>
        sendXlsx(
          reply,
          'payout-history.xlsx',
          'Payouts',
          [
            { header: 'Date', value: (p) => new Date(p.payoutDate) },
            { header: 'Vendor', width: 28, value: (p) => p.vendorName },
            { header: 'Amount (INR)', value: (p) => p.amount },
            { header: 'Products Sold', value: (p) => p.productCount },
            { header: 'Orders', value: (p) => p.orderCount },
            { header: 'Gross Sales (INR)', value: (p) => p.revenue },
            { header: 'Pieces Reversed', value: (p) => p.reversedUnits },
            { header: 'Reversals (INR)', value: (p) => p.reversals },
            { header: 'Net Sales (INR)', value: (p) => p.netSales },
            { header: 'Account Number', value: (p) => p.bankDetails.accountNumber },
            { header: 'Bank Name', value: (p) => p.bankDetails.bankName },
            { header: 'Account Holder Name', width: 26, value: (p) => p.bankDetails.accountHolderName },
            { header: 'IFSC Code', value: (p) => p.bankDetails.ifscCode },
          ],
          await service.list(),
          ctx.config.BUSINESS_TIMEZONE,
        ),
    );

    app.get(
      '/vendor-payouts/vendor/:vendorId',
      {
        config: { access: 'authenticated' },
        schema: { tags, security, params: vendorParams, response: { 200: z.array(payoutSchema) } },
      },
      async (req) => {
        if (!mayReadVendor(currentUser(req), req.params.vendorId)) throw forbidden();
        return service.list(req.params.vendorId);
      },
    );

    app.get(
      '/vendor-payouts/vendor/:vendorId/preview',
      {
        config: { access: userReaders },
        schema: { tags, security, params: vendorParams, response: { 200: payoutPreviewSchema } },
      },
      async (req) => service.preview(req.params.vendorId),
    );

    app.get(
      '/vendor-payouts/:id',
      {
        config: { access: 'authenticated' },
        schema: { tags, security, params: idParams, response: { 200: payoutSchema } },
      },
      async (req) => service.get(req.params.id, currentUser(req)),
    );

    app.post(
      '/vendor-payouts',
      {
        config: { access: { permission: 'MANAGE_VENDORS' } },
        schema: {
          tags,
          security,
          description:
            "Pays out the vendor's payable commission (released from hold) as a one-vendor payout run, with TDS and GST on commission, sent through the payout provider; above PAYOUT_APPROVAL_ABOVE_RUPEES the run waits for a second admin. Amounts are computed by the server.",
          body: createPayoutSchema.loose(),
          response: { 201: payoutSchema },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await service.create(req.body.vendorId, currentUser(req).id)),
    );

    app.delete(
      '/vendor-payouts/:id',
      {
        config: { access: { permission: 'SUPER_ADMIN' } },
        schema: {
          tags,
          security,
          description:
            'Deletes a cancelled, failed or reversed payout (no money moved); 409 for one that paid the reseller or is on its way.',
          params: idParams,
        },
      },
      async (req, reply) => {
        await service.remove(req.params.id);
        return reply.status(204).send();
      },
    );
  };
