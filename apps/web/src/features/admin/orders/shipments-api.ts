import {
  orderShipmentsSchema,
  shipmentRatesSchema,
  shipmentViewSchema,
  type CreateShipmentInput,
  type RtoInspectionBody,
  type ShipmentEventType,
} from '@zevar/domain';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download-file';

const enc = encodeURIComponent;

/** The order's shipments (issue 22): packing, booking, documents, the sandbox carrier's steps. */
export const shipmentsApi = {
  ofOrder: (orderNumber: string) =>
    api.get(`/shipping/orders/${enc(orderNumber)}`, { schema: orderShipmentsSchema }),
  pack: (orderNumber: string, body: CreateShipmentInput) =>
    api.post(`/shipping/orders/${enc(orderNumber)}/shipments`, body, { schema: shipmentViewSchema }),
  rates: (id: number) => api.get(`/shipping/shipments/${id}/rates`, { schema: shipmentRatesSchema }),
  book: (id: number, body: { courierId?: string; confirmCarrier?: boolean } = {}) =>
    api.post(`/shipping/shipments/${id}/book`, body, { schema: shipmentViewSchema }),
  cancel: (id: number) =>
    api.post(`/shipping/shipments/${id}/cancel`, undefined, { schema: shipmentViewSchema }),
  schedulePickup: (id: number) =>
    api.post('/shipping/pickups', { shipmentIds: [id] }, { schema: shipmentViewSchema.array() }),
  label: (id: number, awb: string) => downloadFile(`/shipping/shipments/${id}/label`, `label-${awb}.pdf`),
  packingSlip: (id: number, prices: boolean) =>
    downloadFile(`/shipping/shipments/${id}/packing-slip`, `packing-slip-${id}.pdf`, {
      query: { prices: String(prices) },
    }),
  inspectReturned: (id: number, body: RtoInspectionBody) =>
    api.post(`/shipping/shipments/${id}/inspection`, body, { schema: shipmentViewSchema }),
  sandboxStep: (awb: string, body: { type: ShipmentEventType; otp?: string; weightGrams?: number }) =>
    api.post(`/shipping/sandbox/${enc(awb)}/events`, body, { schema: shipmentViewSchema }),
};
