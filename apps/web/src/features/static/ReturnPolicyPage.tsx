import { useQuery } from '@tanstack/react-query';
import type { PublicReturnsPolicy } from '@zevar/domain';
import { PageSpinner } from '../../components/Spinner';
import { formatInr } from '../../lib/format';
import { returnsPolicyApi } from '../../lib/returns-policy-api';
import { PolicyLayout } from './PolicyLayout';

function DamagedItems() {
  return (
    <section>
      <h2>Damaged or wrong items</h2>
      <p>
        If your parcel arrives damaged or does not contain what you ordered, contact us within 48 hours of
        delivery with your order number and photos, and we will make it right.
      </p>
    </section>
  );
}

/** The specification's default: no returns, no exchanges, no refunds. */
function NoReturns() {
  return (
    <PolicyLayout
      title="Return Policy"
      intro="Because jewellery is personal and priced against live metal rates, all sales are final."
    >
      <section>
        <h2>No returns, no exchanges, no refunds</h2>
        <ul>
          <li>No returns: items cannot be sent back once delivered.</li>
          <li>No exchanges: items cannot be swapped for another size, design or product.</li>
          <li>No refunds: payments for delivered orders are not refunded.</li>
        </ul>
        <p>Please check sizes, weights and specifications on the product page before you order.</p>
      </section>
      <DamagedItems />
    </PolicyLayout>
  );
}

/** Returns within a window, as the operator configured it (issue 22 item 7c). */
function ReturnWindow({ view }: { view: PublicReturnsPolicy }) {
  const p = view.policy;
  if (p.kind !== 'WINDOW') return null;
  const days = `${p.days} ${p.days === 1 ? 'day' : 'days'}`;
  return (
    <PolicyLayout
      title="Return Policy"
      intro={`You may return an item within ${days} of its delivery, in the condition you received it.`}
    >
      <section>
        <h2>Returns within {days} of delivery</h2>
        <ul>
          <li>The {days} count from the moment the parcel is delivered to you.</li>
          {p.maxValue !== null && <li>Items worth up to {formatInr(p.maxValue)} each can be returned.</li>}
          {view.excludedCategories.length > 0 && (
            <li>These categories cannot be returned: {view.excludedCategories.join(', ')}.</li>
          )}
          <li>
            The piece must come back unworn, with its tags, certificate and original packaging; its HUID is
            checked.
          </li>
          <li>
            Once the piece is inspected we refund what you paid for it to your original payment method and
            send a credit note.
          </li>
        </ul>
        <p>To ask for a return, contact us with your order number within the return window.</p>
      </section>
      <section>
        <h2>No exchanges</h2>
        <p>
          Items cannot be swapped for another size, design or product; return the item and order the one you
          want.
        </p>
      </section>
      <DamagedItems />
    </PolicyLayout>
  );
}

export default function ReturnPolicyPage() {
  const query = useQuery({
    queryKey: ['returns-policy'],
    queryFn: returnsPolicyApi.current,
    staleTime: 60_000,
  });
  if (query.isPending) return <PageSpinner label="Loading return policy..." />;
  if (query.isError)
    return (
      <p className="mx-auto max-w-3xl px-4 py-10 text-red-700">
        The return policy could not be loaded. Please try again.
      </p>
    );
  return query.data.policy.kind === 'WINDOW' ? <ReturnWindow view={query.data} /> : <NoReturns />;
}
