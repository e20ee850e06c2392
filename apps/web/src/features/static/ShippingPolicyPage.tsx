import { PolicyLayout } from './PolicyLayout';

export default function ShippingPolicyPage() {
  return (
    <PolicyLayout
      title="Shipping Policy"
      intro="We ship across India from our own facility. Every parcel is packed securely, insured in transit and tracked until it reaches you."
    >
      <section>
        <h2>Delivery options</h2>
        <ul>
          <li>
            <strong>Standard delivery:</strong> 5-7 business days.
          </li>
          <li>
            <strong>Express delivery:</strong> 2-3 business days.
          </li>
          <li>
            <strong>Next day delivery:</strong> where available for your pincode.
          </li>
        </ul>
        <p>
          Orders are usually shipped within 3-5 days of payment; delivery times are counted from dispatch.
        </p>
      </section>
      <section>
        <h2>Shipping cost</h2>
        <p>
          The shipping cost depends on your location, the weight of the parcel and the delivery method you
          choose. Any charge is shown at checkout before you pay.
        </p>
      </section>
      <section>
        <h2>Tracking and receipt</h2>
        <p>
          You receive an email when your order ships. For your safety, high-value parcels need a signature on
          delivery; please do not accept a parcel that looks opened or damaged.
        </p>
      </section>
    </PolicyLayout>
  );
}
