import {
  bulkBookResultSchema,
  deskRowSchema,
  deskShopSchema,
  pagedSchema,
  shipmentViewSchema,
  type DeskQueue,
} from '@zevar/domain';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download-file';

export type DeskFilters = { queue: DeskQueue; vendorId: string; from: string; to: string };

/** The fulfilment desk (issue 22 item 4): queues, bookings one by one and in bulk, the documents. */
export const deskApi = {
  list: (f: DeskFilters, page: number, size = 20) =>
    api.get('/shipping/desk', {
      schema: pagedSchema(deskRowSchema),
      query: {
        queue: f.queue,
        vendorId: f.vendorId || undefined,
        from: f.from || undefined,
        to: f.to || undefined,
        page,
        size,
      },
    }),
  shops: () => api.get('/shipping/desk/shops', { schema: deskShopSchema.array() }),
  book: (id: number) => api.post(`/shipping/shipments/${id}/book`, {}, { schema: shipmentViewSchema }),
  bookMany: (shipmentIds: number[]) =>
    api.post('/shipping/shipments/book', { shipmentIds }, { schema: bulkBookResultSchema }),
  label: (id: number, awb: string) => downloadFile(`/shipping/shipments/${id}/label`, `label-${awb}.pdf`),
  packingSlip: (id: number, prices: boolean) =>
    downloadFile(`/shipping/shipments/${id}/packing-slip`, `packing-slip-${id}.pdf`, {
      query: { prices: String(prices) },
    }),
  manifest: (ids: number[]) =>
    downloadFile('/shipping/manifest', `manifest-${new Date().toISOString().slice(0, 10)}.pdf`, {
      query: { ids: ids.join(',') },
    }),
};
