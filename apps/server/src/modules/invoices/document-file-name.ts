import type { taxDocuments } from '../../db/schema';

/** A file name without slashes: ZV/26-27/000123 -> invoice-ZV-26-27-000123.pdf. */
export function documentFileName(row: Pick<typeof taxDocuments.$inferSelect, 'kind' | 'number'>): string {
  return `${row.kind === 'INVOICE' ? 'invoice' : 'credit-note'}-${row.number.replace(/\//g, '-')}.pdf`;
}
