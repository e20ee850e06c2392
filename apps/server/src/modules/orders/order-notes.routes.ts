import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { internalNoteInput, internalNoteSchema, safeString } from '@zevar/domain';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { createOrderNotes } from './order-notes';

const manageOrders = { permission: 'MANAGE_ORDERS' } as const;
const tags = ['orders'];
const security = [{ bearer: [] }];
const params = z.object({
  orderNumber: safeString().trim().min(1, 'Order number is missing').max(100).toUpperCase(),
});

/** Internal notes on an order: read and written by order managers only (issue 23 item 7). */
export const orderNotesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const notes = createOrderNotes(ctx.db);

    app.get(
      '/orders/:orderNumber/notes',
      {
        config: { access: manageOrders },
        schema: { tags, security, params, response: { 200: z.array(internalNoteSchema) } },
      },
      async (req) => notes.list(req.params.orderNumber),
    );

    app.post(
      '/orders/:orderNumber/notes',
      {
        config: { access: manageOrders },
        schema: {
          tags,
          security,
          params,
          description: 'Records an internal note on the order (never shown to the shopper or the vendor).',
          body: internalNoteInput,
          response: { 201: internalNoteSchema },
        },
      },
      async (req, reply) => {
        const user = currentUser(req);
        const note = await notes.add(req.params.orderNumber, req.body.body, { id: user.id, name: user.name });
        return reply.status(201).send(note);
      },
    );
  };
