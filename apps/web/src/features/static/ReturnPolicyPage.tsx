import { PolicyLayout } from './PolicyLayout';

export default function ReturnPolicyPage() {
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
      <section>
        <h2>Damaged or wrong items</h2>
        <p>
          If your parcel arrives damaged or does not contain what you ordered, contact us within 48 hours of
          delivery with your order number and photos, and we will make it right.
        </p>
      </section>
    </PolicyLayout>
  );
}
