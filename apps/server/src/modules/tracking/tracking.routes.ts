import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  trackingCodeRequestBody,
  trackingCodeRequestResponse,
  trackingCodeVerifyBody,
  trackingTokenSchema,
  trackingViewSchema,
} from '@zevar/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { clientNetworkOf } from '../../lib/client-network';
import { requestLimit } from '../../plugins/rate-limits';
import { createTrackingService } from './tracking.service';
import { CODE_MINUTES, MAX_CODE_ATTEMPTS } from './tracking-codes';

const TOO_MANY = 'Too many tracking requests from your network. Please try again in a few minutes.';

/** A client network's requests in 15 minutes: a buyer needs a handful; a script guessing needs many. */
const limit = (name: string, max: number) =>
  requestLimit({
    max,
    windowMs: 15 * 60_000,
    message: TOO_MANY,
    key: (req) => `track-${name}:${clientNetworkOf(req.ip)}`,
  });

/** The buyer's tracking page (issue 22 item 5): public, answered only with the code sent to the order's email. */
export const trackingRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createTrackingService(ctx);
    const tags = ['tracking'];

    app.post(
      '/track/code',
      {
        config: { access: 'public', rateLimit: limit('code', 10) },
        schema: {
          tags,
          description: `Sends a one-time code (valid ${CODE_MINUTES} minutes) to the email of the order when the number and the email or phone match a paid order. The answer is the same either way.`,
          body: trackingCodeRequestBody,
          response: { 200: trackingCodeRequestResponse },
        },
      },
      async (req) => service.requestCode(req.body),
    );

    app.post(
      '/track/verify',
      {
        config: { access: 'public', rateLimit: limit('verify', 30) },
        schema: {
          tags,
          description: `The code from /track/code gives a short-lived tracking token; a code allows ${MAX_CODE_ATTEMPTS} wrong tries.`,
          body: trackingCodeVerifyBody,
          response: { 200: trackingTokenSchema },
        },
      },
      async (req) => service.verifyCode(req.body),
    );

    app.get(
      '/track',
      {
        config: { access: 'public', rateLimit: limit('view', 120) },
        schema: {
          tags,
          description:
            'The order’s shipments and their events, for the `x-tracking-token` from /track/verify.',
          headers: z.object({ 'x-tracking-token': z.string().max(200).optional() }).loose(),
          response: { 200: trackingViewSchema },
        },
      },
      async (req) => service.view(req.headers['x-tracking-token']),
    );
  };
