import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createQuoteBody,
  quoteCheckoutResponse,
  quoteCodeParams,
  quoteListSchema,
  quoteSchema,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { createReferralCookies } from '../../lib/referral-cookie';
import { createQuotesService } from './quotes.service';
import { isBuyerAgent } from '../analytics';
import { clientNetworkOf } from '../../lib/client-network';

const tags = ['quotes'];
const security = [{ bearer: [] }];

/** Reseller quotes (issue 26 item 1): made and listed by the vendor, opened and bought by anyone with the link. */
export const quotesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createQuotesService(ctx);
    const referrals = createReferralCookies(ctx.config.JWT_SECRET, ctx.config.ATTRIBUTION_WINDOW_DAYS);
    const secure = (ctx.config.PUBLIC_URL ?? '').startsWith('https:');
    const referralCookie = (vendorSlug: string) => referrals.header(vendorSlug, 'quote', ctx.now(), secure);

    app.post(
      '/vendor/quotes',
      {
        config: { access: 'vendor' },
        schema: {
          tags,
          security,
          description:
            'A quote at today’s prices for pieces the vendor’s shop sells, with an optional discount (within the plan’s limit and the commission on the pieces), held until its validity ends.',
          body: createQuoteBody,
          response: { 201: quoteSchema },
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(currentUser(req).id, req.body)),
    );

    app.get(
      '/vendor/quotes',
      {
        config: { access: 'vendor' },
        schema: { tags, security, response: { 200: quoteListSchema } },
      },
      async (req) => service.listOwn(currentUser(req).id),
    );

    app.get(
      '/quotes/:code',
      {
        config: { access: 'public' },
        schema: {
          tags,
          description: 'The quote behind a /q/<code> link (read only: the share preview uses it too).',
          params: quoteCodeParams,
          response: { 200: quoteSchema },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return service.view(req.params.code);
      },
    );

    app.post(
      '/quotes/:code/open',
      {
        config: { access: 'public' },
        schema: {
          tags,
          description:
            'A buyer opened the link: marks the quote opened, counts a view of it and credits its reseller (first-party cookie, ATTRIBUTION_WINDOW_DAYS).',
          params: quoteCodeParams,
          response: { 200: quoteSchema },
        },
      },
      async (req, reply) => {
        const { quote, vendorSlug, quoteId } = await service.open(req.params.code);
        // A quote's view (docs/decisions/0061): its page asks for this each time it is opened; one
        // network counts once an hour, so re-opening it in a loop does not inflate the reseller's views.
        if (
          isBuyerAgent(req.headers['user-agent']) &&
          (await ctx.once.claim(`quote-view:${clientNetworkOf(req.ip)}:${quoteId}`, 3_600_000))
        )
          ctx.views.count({ vendorSlug, kind: 'quote', subject: quoteId }, ctx.now());
        reply.header('set-cookie', referralCookie(vendorSlug)).header('cache-control', 'no-store');
        return quote;
      },
    );

    app.post(
      '/quotes/:code/checkout',
      {
        config: { access: 'public' },
        schema: {
          tags,
          description:
            'Buy now: a checkout at the quoted prices while the quote holds (the same one while it is open); 409 once bought or expired.',
          params: quoteCodeParams,
          response: { 200: quoteCheckoutResponse },
        },
      },
      async (req, reply) => {
        const answer = await service.checkout(req.params.code);
        reply.header('set-cookie', referralCookie(answer.vendorSlug));
        return answer;
      },
    );
  };
