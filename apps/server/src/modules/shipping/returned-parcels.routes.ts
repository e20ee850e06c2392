import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbIdSchema, rtoInspectionBody, shipmentViewSchema } from '@zevar/domain';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { createReturnedParcels, type RefundDeps } from './returned-parcels';

/** Inspecting a parcel returned to origin (issue 22 item 7b): order managers only. */
export const returnedParcelsRoutes =
  (ctx: AppContext, deps: RefundDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const parcels = createReturnedParcels(ctx, deps);
    app.post(
      '/shipping/shipments/:id/inspection',
      {
        config: { access: { permission: 'MANAGE_ORDERS' } },
        schema: {
          tags: ['shipping'],
          security: [{ bearer: [] }],
          description:
            'Inspects a parcel returned to origin: the HUIDs found (matched against those packed) and its weight. RESTOCK and DAMAGED refund the buyer for the parcel\u2019s units through the partial-refund path (credit note, commission reversal; RESTOCK puts units and pieces back in stock); DISPUTED (with a note) records the findings only. Once per parcel: a replay answers the inspection made.',
          params: z.object({ id: dbIdSchema }),
          body: rtoInspectionBody,
          response: { 200: shipmentViewSchema },
        },
      },
      async (req) => (await parcels.inspect(req.params.id, req.body, currentUser(req))).shipment,
    );
  };
