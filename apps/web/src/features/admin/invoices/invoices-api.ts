import {
  sellerTaxDetailsSchema,
  taxDocumentPageSchema,
  type TaxDocumentKind,
  type TaxDocumentSummary,
} from '@zevar/domain';
import { api } from '../../../lib/api';
import { downloadFile, taxDocumentFile } from '../../../lib/download-file';

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

/** Saves an issued document's PDF (fetched with the sign-in: the documents are not public). */
export function downloadDocument(doc: Pick<TaxDocumentSummary, 'kind' | 'id' | 'orderId' | 'number'>) {
  const file = taxDocumentFile(doc.orderId, doc);
  return downloadFile(file.path, file.fileName);
}
