import { useQuery } from '@tanstack/react-query';
import { buildUrl } from '../../lib/api';
import { checkoutApi } from './checkout-api';

/**
 * 'Download invoice' for a paid order, and its credit notes after a refund. The PDFs are served by
 * the order's unguessable id, like this page itself.
 */
export function useTaxDocuments(orderId: string) {
  return useQuery({
    queryKey: ['order-tax-documents', orderId],
    queryFn: () => checkoutApi.taxDocuments(orderId),
    retry: false,
  });
}

export function TaxDocumentLinks({ orderId }: { orderId: string }) {
  const docs = useTaxDocuments(orderId);
  const base = `/orders/byId/${encodeURIComponent(orderId)}`;
  if (!docs.data?.invoice) return null;
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <a className="btn-outline" href={buildUrl(`${base}/invoice`)} download>
        Download invoice
      </a>
      {docs.data.creditNotes.map((note) => (
        <a key={note.id} className="btn-outline" href={buildUrl(`${base}/credit-notes/${note.id}`)} download>
          Credit note {note.number}
        </a>
      ))}
      <span className="w-full text-center text-xs text-taupe">
        GST tax invoice {docs.data.invoice.number}
      </span>
    </div>
  );
}
