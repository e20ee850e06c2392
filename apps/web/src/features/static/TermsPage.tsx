import { PolicyLayout } from './PolicyLayout';

export default function TermsPage() {
  return (
    <PolicyLayout
      title="Terms and Conditions"
      intro="These terms apply when you browse or buy on Zevar or on a reseller shop powered by Zevar. By placing an order you accept them."
    >
      <section>
        <h2>Who sells to you</h2>
        <p>
          Zevar is the seller of record for every order, including orders placed in a reseller&apos;s shop.
          Resellers promote our catalogue and earn a commission; they do not handle your payment or delivery.
        </p>
      </section>
      <section>
        <h2>Resellers&apos; quotes and credit</h2>
        <p>
          A reseller may send you a quote: its prices hold until the time it shows, whatever metal rates do,
          and it can be bought once. After that it shows today&apos;s price. A reseller&apos;s discount comes
          out of their own commission.
        </p>
        <p>
          The reseller whose shop, product or quote link brought you here is credited with your order. If you
          then buy on Zevar&apos;s own shop within 7 days, that reseller is still credited: we remember it in
          one first-party cookie that only our server reads. We use no third-party trackers.
        </p>
      </section>
      <section>
        <h2>Prices and payment</h2>
        <p>
          Prices are in Indian rupees and include applicable taxes. Gold and silver prices follow current
          metal rates and can change until you pay. Payment is taken by card through our payment provider; an
          order is confirmed only after the payment succeeds.
        </p>
      </section>
      <section>
        <h2>Orders, shipping and returns</h2>
        <p>
          Delivery follows our Shipping Policy. All sales are final as described in our Return Policy. We may
          cancel an order if an item becomes unavailable; any payment taken for a cancelled order is returned
          to your card.
        </p>
      </section>
      <section>
        <h2>Reviews and content</h2>
        <p>
          Reviews must be honest and lawful. We may remove reviews or photos that are offensive, misleading or
          not about the product.
        </p>
      </section>
      <section>
        <h2>Governing law</h2>
        <p>These terms are governed by the laws of India.</p>
      </section>
    </PolicyLayout>
  );
}
