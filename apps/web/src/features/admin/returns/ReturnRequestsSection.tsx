import { RETURN_TEXT } from '@zevar/domain';
import { ReturnRequestsList } from '../../../components/returns/ReturnRequestsList';

/** The back office's Returns: requests to decide, pickups on their way, pieces to inspect. */
export default function ReturnRequestsSection() {
  return (
    <section className="space-y-4" aria-label={RETURN_TEXT.adminTitle}>
      <h2 className="text-2xl font-semibold">{RETURN_TEXT.adminTitle}</h2>
      <ReturnRequestsList />
    </section>
  );
}
