import {
  pagedSchema,
  returnViewSchema,
  type ReturnDecisionBody,
  type ReturnInspectionBody,
  type ReturnSendBackBody,
  type ReturnStatus,
} from '@zevar/domain';
import { api } from './api';

/** Return requests (issue 22 item 7c): the admin's list, an order's returns, decisions and inspection. */
export const returnRequestsApi = {
  list: (page: number, status?: ReturnStatus) =>
    api.get('/returns', {
      schema: pagedSchema(returnViewSchema),
      query: { page: String(page), size: '20', ...(status ? { status } : {}) },
    }),
  ofOrder: (orderNumber: string) =>
    api.get(`/returns/orders/${encodeURIComponent(orderNumber)}`, { schema: returnViewSchema.array() }),
  decide: (id: number, body: ReturnDecisionBody) =>
    api.post(`/returns/${id}/decision`, body, { schema: returnViewSchema }),
  inspect: (id: number, body: ReturnInspectionBody) =>
    api.post(`/returns/${id}/inspection`, body, { schema: returnViewSchema }),
  bookPickupAgain: (id: number) => api.post(`/returns/${id}/pickup`, {}, { schema: returnViewSchema }),
  sendBack: (id: number, body: ReturnSendBackBody) =>
    api.post(`/returns/${id}/send-back`, body, { schema: returnViewSchema }),
};
