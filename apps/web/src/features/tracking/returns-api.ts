import { buyerReturnsSchema, type ReturnRequestBody } from '@zevar/domain';
import { api } from '../../lib/api';

/** The buyer's returns on the tracking page (issue 22 item 7c), with the tracking token. */
export const returnsApi = {
  view: (token: string) =>
    api.get('/track/returns', { headers: { 'x-tracking-token': token }, schema: buyerReturnsSchema }),
  request: (token: string, body: ReturnRequestBody) =>
    api.post('/track/returns', body, { headers: { 'x-tracking-token': token }, schema: buyerReturnsSchema }),
};
