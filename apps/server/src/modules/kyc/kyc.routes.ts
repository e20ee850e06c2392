import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dbIdSchema,
  ifscLookupSchema,
  ifscParamsSchema,
  kycListQuerySchema,
  kycRejectSchema,
  kycSchema,
  kycSubmissionSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { currentUser, userReaders } from '../../plugins/auth';
import { createKycService } from './kyc.service';

const vendorParams = z.object({ vendorId: dbIdSchema });

/** Reseller KYC (issue 24 item 3): the vendor's own form, and the admin's review. */
export const kycRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createKycService(ctx);
    const tags = ['kyc'];
    const security = [{ bearer: [] }];

    app.get(
      '/kyc/me',
      {
        config: { access: 'vendor' },
        schema: { tags, security, response: { 200: z.object({ kyc: kycSchema.nullable() }) } },
      },
      async (req) => ({ kyc: await service.mine(currentUser(req).id) }),
    );

    app.put(
      '/kyc/me',
      {
        config: { access: 'vendor' },
        schema: {
          tags,
          security,
          description:
            'Submits the reseller’s KYC (PAN, legal name, optional GSTIN, bank account); the account is checked by a penny drop at once, and an admin approves it before the first payout.',
          body: kycSubmissionSchema,
          response: { 200: kycSchema },
        },
      },
      async (req) => {
        const user = currentUser(req);
        return service.submit(user.id, req.body, user);
      },
    );

    app.get(
      '/kyc/ifsc/:code',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          security,
          description:
            'The bank of an IFSC, from the bundled RBI directory (404 when it has no such branch).',
          params: ifscParamsSchema,
          response: { 200: ifscLookupSchema },
        },
      },
      async (req) => service.lookUpIfsc(req.params.code),
    );

    app.get(
      '/kyc',
      {
        config: { access: userReaders },
        schema: { tags, security, querystring: kycListQuerySchema, response: { 200: z.array(kycSchema) } },
      },
      async (req) => service.list(req.query.status),
    );

    app.get(
      '/kyc/vendor/:vendorId',
      {
        config: { access: userReaders },
        schema: { tags, security, params: vendorParams, response: { 200: kycSchema } },
      },
      async (req) => service.get(req.params.vendorId),
    );

    app.post(
      '/kyc/vendor/:vendorId/verify',
      {
        config: { access: { permission: 'MANAGE_VENDORS' } },
        schema: {
          tags,
          security,
          description:
            'Asks the payout provider again about the bank account (a pending or unanswered penny drop).',
          params: vendorParams,
          response: { 200: kycSchema },
        },
      },
      async (req) => service.verify(req.params.vendorId),
    );

    app.post(
      '/kyc/vendor/:vendorId/approve',
      {
        config: { access: { permission: 'MANAGE_VENDORS' } },
        schema: {
          tags,
          security,
          description:
            'Approves a checked KYC (needs a recent re-authentication); this confirms the bank account for payouts.',
          params: vendorParams,
          response: { 200: kycSchema },
        },
      },
      async (req) => service.approve(req.params.vendorId, currentUser(req)),
    );

    app.post(
      '/kyc/vendor/:vendorId/reject',
      {
        config: { access: { permission: 'MANAGE_VENDORS' } },
        schema: { tags, security, params: vendorParams, body: kycRejectSchema, response: { 200: kycSchema } },
      },
      async (req) => service.reject(req.params.vendorId, currentUser(req), req.body.reason),
    );
  };
