import {
  sellerTaxDetailsSchema,
  taxDocumentPageSchema,
  type TaxDocumentKind,
  type TaxDocumentSummary,
} from '@zevar/domain';
import { api, buildUrl } from '../../../lib/api';

export const INVOICES_PAGE_SIZE = 20;
export type DocumentFilters = { kind: TaxDocumentKind | ''; financialYear: string };

export const invoicesApi = {
  list: (page: number, f: DocumentFilters) =>
    api.get('/invoices', {
      query: {
        page,
        limit: INVOICES_PAGE_SIZE,
        kind: f.kind || undefined,
        financialYear: f.financialYear || undefined,
      },
      schema: taxDocumentPageSchema,
    }),
  seller: () => api.get('/invoices/seller', { schema: sellerTaxDetailsSchema }),
};

/** Where the PDF of an issued document downloads from (public by the order's unguessable id). */
export function documentUrl(doc: Pick<TaxDocumentSummary, 'kind' | 'id' | 'orderId'>): string {
  const order = encodeURIComponent(doc.orderId);
  return doc.kind === 'INVOICE'
    ? buildUrl(`/orders/byId/${order}/invoice`)
    : buildUrl(`/orders/byId/${order}/credit-notes/${doc.id}`);
}
