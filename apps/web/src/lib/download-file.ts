import { api, type QueryValue } from './api';

/**
 * Saves a file answer (spreadsheet, invoice PDF) under the given file name. Fetched rather than
 * linked, so the request carries the sign-in or the order key (a plain link sends neither).
 */
export async function downloadFile(
  path: string,
  fileName: string,
  options: { headers?: Record<string, string>; query?: Record<string, QueryValue> } = {},
): Promise<void> {
  const blob = await api.get<Blob>(path, { responseType: 'blob', ...options });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** An invoice's or credit note's path and file name (as the server names it: invoice-ZV-26-27-000123.pdf). */
export function taxDocumentFile(
  orderId: string,
  doc: { kind: 'INVOICE' | 'CREDIT_NOTE'; id?: number; number: string },
): { path: string; fileName: string } {
  const base = `/orders/byId/${encodeURIComponent(orderId)}`;
  const invoice = doc.kind === 'INVOICE';
  return {
    path: invoice ? `${base}/invoice` : `${base}/credit-notes/${doc.id}`,
    fileName: `${invoice ? 'invoice' : 'credit-note'}-${doc.number.replace(/\//g, '-')}.pdf`,
  };
}
