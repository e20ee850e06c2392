import { salesRegisterSummarySchema, zonedIsoDate, DEFAULT_BUSINESS_TIMEZONE } from '@zevar/domain';
import { api } from '../../../lib/api';
import { downloadFile } from '../../../lib/download-file';

export const REGISTER_TABLES = [
  { key: 'b2b', label: 'B2B' },
  { key: 'b2cl', label: 'B2CL' },
  { key: 'b2cs', label: 'B2CS' },
  { key: 'cdnr', label: 'CDNR' },
  { key: 'cdnur', label: 'CDNUR' },
  { key: 'hsn', label: 'HSN summary' },
  { key: 'docs', label: 'Documents issued' },
] as const;
export type RegisterTableKey = (typeof REGISTER_TABLES)[number]['key'];

export const reportsApi = {
  summary: (month: string) =>
    api.get('/reports/gst-sales-register', { query: { month }, schema: salesRegisterSummarySchema }),
  registerXlsx: (month: string) =>
    downloadFile('/reports/gst-sales-register/xlsx', `gstr1-sales-register-${month}.xlsx`, {
      query: { month },
    }),
  registerCsv: (month: string, table: RegisterTableKey) =>
    downloadFile('/reports/gst-sales-register/csv', `gstr1-${table}-${month}.csv`, {
      query: { month, table },
    }),
  documents: (from: string, to: string, format: 'xlsx' | 'csv') =>
    downloadFile('/reports/tax-documents', `tax-documents-${from}-to-${to}.${format}`, {
      query: { from, to, format },
    }),
};

/** The month GST returns are filed for: the one before today's (business timezone), 'YYYY-MM'. */
export function previousMonth(today = new Date()): string {
  const [y, m] = zonedIsoDate(today, DEFAULT_BUSINESS_TIMEZONE).split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The first and last day of a month 'YYYY-MM'. */
export function monthDays(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}
