import { trackingCodeRequestResponse, trackingTokenSchema, trackingViewSchema } from '@zevar/domain';
import { api } from '../../lib/api';

/** The buyer's tracking page calls (issue 22 item 5): a code to the order's email, then the timeline. */
export const trackingApi = {
  requestCode: (orderNumber: string, contact: string) =>
    api.post('/track/code', { orderNumber, contact }, { schema: trackingCodeRequestResponse }),
  verify: (orderNumber: string, code: string) =>
    api.post('/track/verify', { orderNumber, code }, { schema: trackingTokenSchema }),
  view: (token: string) =>
    api.get('/track', { headers: { 'x-tracking-token': token }, schema: trackingViewSchema }),
};
