import { RETURN_TEXT } from '@zevar/domain';
import { ReturnRequestsList } from '../../../components/returns/ReturnRequestsList';

/**
 * The back office's Returns: requests to decide, pickups on their way, pieces to inspect. Its one
 * heading is the dashboard's title ('Returns Management', the spec's section-name-plus-Management).
 */
export default function ReturnRequestsSection() {
  return (
    <section className="space-y-4" aria-label={RETURN_TEXT.adminTitle}>
      <ReturnRequestsList />
    </section>
  );
}
