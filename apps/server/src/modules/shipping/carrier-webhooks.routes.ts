import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { safeString } from '@zevar/domain';
import type { AppContext } from '../../context';
import { carrierWebhookReceipts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { createShippingService } from './shipments.service';

/**
 * The carrier's webhook (the sandbox carrier posts here too): the credential checked by the carrier
 * (carrier.verifyWebhook, constant time), the body deduplicated by its hash, each event recorded once
 * by its carrier event id and never moving a shipment backwards. Raw body parser in this scope only.
 */
export const carrierWebhooksRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createShippingService(ctx);
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );

    app.post(
      '/webhooks/carrier',
      {
        config: { access: 'public' },
        schema: {
          tags: ['shipping'],
          description:
            'Shipment events from the carrier (Shiprocket: the token in `x-api-key`). A replayed body or event changes nothing.',
          response: {
            200: z.object({
              status: safeString(),
              recorded: z.number().int(),
              duplicates: z.number().int(),
              unknown: z.number().int(),
            }),
          },
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (!ctx.carrier.verifyWebhook(req.headers, raw))
          throw new AppError('UNAUTHORIZED', 'Invalid carrier webhook credential');
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new AppError('BAD_REQUEST', 'Malformed webhook payload');
        }
        const bodyHash = createHash('sha256').update(raw).digest('hex');
        await ctx.db
          .insert(carrierWebhookReceipts)
          .values({ carrierMode: ctx.carrier.mode, bodyHash, payload: body as object })
          .onConflictDoNothing({ target: carrierWebhookReceipts.bodyHash });
        const [stored] = await ctx.db
          .select()
          .from(carrierWebhookReceipts)
          .where(eq(carrierWebhookReceipts.bodyHash, bodyHash));
        if (stored?.processedAt) return { status: 'duplicate', recorded: 0, duplicates: 0, unknown: 0 };
        const events = ctx.carrier.parseWebhook(body);
        const tally = await service.recordCarrierEvents(events, 'WEBHOOK');
        await ctx.db
          .update(carrierWebhookReceipts)
          .set({ processedAt: ctx.now() })
          .where(eq(carrierWebhookReceipts.bodyHash, bodyHash));
        return { status: events.length === 0 ? 'ignored' : 'processed', ...tally };
      },
    );
  };
