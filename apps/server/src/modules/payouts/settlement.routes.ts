import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  balancesSchema,
  createPayoutRunSchema,
  dbIdSchema,
  idParamsSchema,
  payoutRunSchema,
  recordTdsChallanSchema,
  recordUtrSchema,
  safeString,
  statementQuerySchema,
  statementSchema,
  tdsChallanSchema,
  tdsEntrySchema,
  tdsMonthsSchema,
  tdsQuerySchema,
  vendorPositionSchema,
  zonedIsoDate,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { currentUser, mayReadVendor } from '../../plugins/auth';
import { AppError, forbidden } from '../../lib/errors';
import { replyPdf } from '../../lib/reply-pdf';
import { createSettlementService } from './settlement.service';
import { tdsLedger, tdsReturnCsv } from './tds-ledger';
import { createTdsChallans } from './tds-challans';
import { renderStatementPdf, renderTdsCertificatePdf } from './settlement-pdfs';

const vendorParams = z.object({ vendorId: dbIdSchema });
const MANAGE = { permission: 'MANAGE_VENDORS' } as const;

/**
 * Settlement (issue 24): payout runs with maker-checker approval, the manual transfer's UTR, the
 * payout provider's webhook, balances, monthly statements and the TDS ledger with its return and
 * certificates.
 */
export const settlementRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createSettlementService(ctx);
    const challans = createTdsChallans(ctx);
    const tags = ['payouts'];
    const security = [{ bearer: [] }];
    const tz = ctx.config.BUSINESS_TIMEZONE;

    app.get(
      '/payout-runs',
      { config: { access: MANAGE }, schema: { tags, security, response: { 200: z.array(payoutRunSchema) } } },
      async () => service.listRuns(),
    );

    app.post(
      '/payout-runs',
      {
        config: { access: MANAGE },
        schema: {
          tags,
          security,
          description:
            'Proposes payouts of the payable commission to every reseller (or the chosen ones), with TDS and GST on commission; nothing is paid until the run is approved.',
          body: createPayoutRunSchema,
          response: { 201: payoutRunSchema },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await service.createRun(req.body.vendorIds, currentUser(req).id)),
    );

    app.get(
      '/payout-runs/:id',
      {
        config: { access: MANAGE },
        schema: { tags, security, params: idParamsSchema, response: { 200: payoutRunSchema } },
      },
      async (req) => service.getRun(req.params.id),
    );

    app.post(
      '/payout-runs/:id/approve',
      {
        config: { access: MANAGE },
        schema: {
          tags,
          security,
          description:
            'Approves a run and sends its payouts through the payout provider, once. A run above PAYOUT_APPROVAL_ABOVE_RUPEES needs an admin other than its maker.',
          params: idParamsSchema,
          response: { 200: payoutRunSchema },
        },
      },
      async (req) => service.approveRun(req.params.id, currentUser(req).id),
    );

    app.post(
      '/payout-runs/:id/cancel',
      {
        config: { access: MANAGE },
        schema: { tags, security, params: idParamsSchema, response: { 200: payoutRunSchema } },
      },
      async (req) => service.cancelRun(req.params.id),
    );

    app.post(
      '/vendor-payouts/:id/utr',
      {
        config: { access: MANAGE },
        schema: {
          tags,
          security,
          description: "Manual bank transfer: records the bank's UTR; the payout is then processed.",
          params: idParamsSchema,
          body: recordUtrSchema,
        },
      },
      async (req, reply) => {
        await service.recordUtr(req.params.id, req.body.utr);
        return reply.status(204).send();
      },
    );

    app.get(
      '/settlement/balances',
      { config: { access: MANAGE }, schema: { tags, security, response: { 200: balancesSchema } } },
      async () => service.balances(),
    );

    app.get(
      '/settlement/vendor/:vendorId/balance',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          security,
          description:
            "A reseller's balance now (held, payable, owed) and why its payouts are on hold, if they are; the reseller itself or an admin who reads vendors.",
          params: vendorParams,
          response: { 200: vendorPositionSchema },
        },
      },
      async (req) => {
        if (!mayReadVendor(currentUser(req), req.params.vendorId)) throw forbidden();
        return service.vendorPosition(req.params.vendorId);
      },
    );

    const statementOf = async (
      req: { params: { vendorId: number }; query: { month: string } },
      viewer: ReturnType<typeof currentUser>,
    ) => {
      if (!mayReadVendor(viewer, req.params.vendorId)) throw forbidden();
      return service.statement(req.params.vendorId, req.query.month);
    };

    app.get(
      '/settlement/vendor/:vendorId/statement',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          security,
          params: vendorParams,
          querystring: statementQuerySchema,
          response: { 200: statementSchema },
        },
      },
      async (req) => statementOf(req, currentUser(req)),
    );

    app.get(
      '/settlement/vendor/:vendorId/statement.pdf',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          security,
          params: vendorParams,
          querystring: statementQuerySchema,
          produces: ['application/pdf'],
        },
      },
      async (req, reply) => {
        const s = await statementOf(req, currentUser(req));
        const pdf = await renderStatementPdf(s, ctx.config.seller.legalName, tz);
        return replyPdf(reply, `statement-${s.month}-${s.vendorId}.pdf`, pdf);
      },
    );

    app.get(
      '/tds/entries',
      {
        config: { access: MANAGE },
        schema: { tags, security, querystring: tdsQuerySchema, response: { 200: z.array(tdsEntrySchema) } },
      },
      async (req) => tdsLedger(ctx.db, req.query),
    );

    app.get(
      '/tds/return.csv',
      {
        config: { access: MANAGE },
        schema: {
          tags,
          security,
          description: "The deductee rows of the quarter's TDS return (Form 26Q's shape), as CSV.",
          querystring: tdsQuerySchema.required({ quarter: true }),
          produces: ['text/csv'],
        },
      },
      async (req, reply) => {
        const entries = await tdsLedger(ctx.db, req.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="tds-${req.query.fy}-${req.query.quarter}.csv"`,
          )
          .send(tdsReturnCsv(entries, (iso) => zonedIsoDate(new Date(iso), tz)));
      },
    );

    app.get(
      '/tds/months',
      {
        config: { access: MANAGE },
        schema: {
          tags,
          security,
          description:
            "A financial year's TDS month by month: deducted, deposited, due and the day it is due by (the 7th of the next month; 30 April for March), with the year's challans.",
          querystring: tdsQuerySchema.pick({ fy: true }),
          response: { 200: tdsMonthsSchema },
        },
      },
      async (req) => challans.months(req.query.fy),
    );

    app.post(
      '/tds/challans',
      {
        config: { access: MANAGE },
        schema: {
          tags,
          security,
          description:
            'Records a TDS challan (BSR code, serial number, deposit date) and links the deductions it pays: all not yet deposited of the month and section, or the chosen ones. The amount must equal theirs to the paisa.',
          body: recordTdsChallanSchema,
          response: { 201: tdsChallanSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await challans.record(req.body, currentUser(req).id)),
    );

    app.get(
      '/tds/vendor/:vendorId/entries',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          security,
          description:
            "A reseller's TDS deductions in a financial year (or quarter): the reseller itself or an admin who reads vendors.",
          params: vendorParams,
          querystring: tdsQuerySchema,
          response: { 200: z.array(tdsEntrySchema) },
        },
      },
      async (req) => {
        if (!mayReadVendor(currentUser(req), req.params.vendorId)) throw forbidden();
        return tdsLedger(ctx.db, { ...req.query, vendorId: req.params.vendorId });
      },
    );

    app.get(
      '/tds/vendor/:vendorId/certificate.pdf',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          security,
          params: vendorParams,
          querystring: tdsQuerySchema,
          produces: ['application/pdf'],
        },
      },
      async (req, reply) => {
        if (!mayReadVendor(currentUser(req), req.params.vendorId)) throw forbidden();
        const entries = await tdsLedger(ctx.db, { ...req.query, vendorId: req.params.vendorId });
        if (entries.length === 0) throw new AppError('NOT_FOUND', 'No tax was deducted in this period');
        const pdf = await renderTdsCertificatePdf(
          {
            deductor: {
              name: ctx.config.seller.legalName,
              tan: ctx.config.SELLER_TAN ?? null,
              address: ctx.config.seller.address,
            },
            vendorName: entries.at(-1)!.vendorName,
            pan: entries.at(-1)!.pan,
            financialYear: req.query.fy,
            quarter: req.query.quarter ?? null,
            entries,
          },
          tz,
        );
        const period = req.query.quarter ? `${req.query.fy}-${req.query.quarter}` : req.query.fy;
        return replyPdf(reply, `tds-certificate-${period}-${req.params.vendorId}.pdf`, pdf);
      },
    );

    // The payout provider's webhook: checked by the provider (constant time), each event applied once.
    app.register(async (hooks) => {
      hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
        done(null, body),
      );
      hooks.post(
        '/webhooks/payouts',
        {
          config: { access: 'public' },
          schema: {
            tags,
            description:
              'Payout events from the payout provider (RazorpayX: payout.* with X-Razorpay-Signature). A replayed event changes nothing.',
            response: {
              200: z.object({
                status: safeString(),
                applied: z.number().int(),
                duplicates: z.number().int(),
                unknown: z.number().int(),
              }),
            },
          },
        },
        async (req) => {
          const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          if (!ctx.payoutProvider.verifyWebhook(req.headers, raw))
            throw new AppError('UNAUTHORIZED', 'Invalid payout webhook signature');
          let body: unknown;
          try {
            body = JSON.parse(raw.toString('utf8'));
          } catch {
            throw new AppError('BAD_REQUEST', 'Malformed webhook payload');
          }
          const counts = { applied: 0, duplicates: 0, unknown: 0 };
          for (const update of ctx.payoutProvider.parseWebhook(body)) {
            const result = await service.applyUpdate(update);
            if (result === 'duplicate') counts.duplicates += 1;
            else if (result === 'unknown') counts.unknown += 1;
            else counts.applied += 1;
          }
          return { status: 'ok', ...counts };
        },
      );
    });
  };
