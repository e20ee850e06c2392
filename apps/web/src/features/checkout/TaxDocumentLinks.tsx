import { useQuery } from '@tanstack/react-query';
import { DownloadButton } from '../../components/DownloadButton';
import { downloadFile, taxDocumentFile } from '../../lib/download-file';
import { proofRequest, type OrderProof } from '../../lib/order-keys';
import { checkoutApi } from './checkout-api';

/**
 * 'Download invoice' for a paid order, and its credit notes after a refund. The documents carry the
 * buyer's PAN and address, so they come only with this browser's order key or the signed link from
 * the order's mail (decision 0033); without either the page shows none.
 */
export function useTaxDocuments(orderId: string, proof: OrderProof | null) {
  return useQuery({
    queryKey: ['order-tax-documents', orderId, proof],
    queryFn: () => checkoutApi.taxDocuments(orderId, proof),
    enabled: proof !== null,
    retry: false,
  });
}

export function TaxDocumentLinks({ orderId, proof }: { orderId: string; proof: OrderProof | null }) {
  const docs = useTaxDocuments(orderId, proof);
  if (!docs.data?.invoice) return null;
  const save = (doc: Parameters<typeof taxDocumentFile>[1]) => () => {
    const file = taxDocumentFile(orderId, doc);
    return downloadFile(file.path, file.fileName, proofRequest(proof));
  };
  const invoice = docs.data.invoice;
  return (
    <div className="flex flex-wrap items-start justify-center gap-3">
      <DownloadButton download={save({ kind: 'INVOICE', number: invoice.number })}>
        Download invoice
      </DownloadButton>
      {docs.data.creditNotes.map((note) => (
        <DownloadButton
          key={note.id}
          download={save({ kind: 'CREDIT_NOTE', id: note.id, number: note.number })}
        >
          Credit note {note.number}
        </DownloadButton>
      ))}
      <span className="w-full text-center text-xs text-taupe">GST tax invoice {invoice.number}</span>
    </div>
  );
}
