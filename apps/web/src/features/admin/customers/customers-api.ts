import {
  customerDetailSchema,
  customerSchema,
  internalNoteSchema,
  pagedSchema,
  type CustomerSort,
} from '@zevar/domain';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download-file';

export const CUSTOMERS_PAGE_SIZE = 20;

export type CustomerListState = { search: string; sort: CustomerSort; direction: 'asc' | 'desc' };

const listQuery = (s: CustomerListState) => ({
  search: s.search.trim() || undefined,
  sort: s.sort,
  direction: s.direction,
});

export const customersApi = {
  list: (state: CustomerListState, page: number) =>
    api.get('/customers', {
      query: { ...listQuery(state), page, size: CUSTOMERS_PAGE_SIZE },
      schema: pagedSchema(customerSchema),
    }),
  detail: (key: string) => api.get(`/customers/${encodeURIComponent(key)}`, { schema: customerDetailSchema }),
  addNote: (key: string, body: string) =>
    api.post(`/customers/${encodeURIComponent(key)}/notes`, { body }, { schema: internalNoteSchema }),
  download: (state: CustomerListState) =>
    downloadFile('/customers/download', 'customers.csv', { query: listQuery(state) }),
};
