import { PolicyLayout } from './PolicyLayout';

export default function PrivacyPolicyPage() {
  return (
    <PolicyLayout
      title="Privacy Policy"
      intro="Zevar respects your privacy. This policy explains what personal information we collect when you shop with us, why we collect it and how we protect it."
    >
      <section>
        <h2>Information we collect</h2>
        <ul>
          <li>Details you give at checkout: your name, email address, phone number and shipping address.</li>
          <li>Order details: the items you buy, amounts paid and the shop you bought from.</li>
          <li>Reviews you choose to publish, including your name and any photos you add.</li>
        </ul>
        <p>
          Card details are entered on our payment provider&apos;s secure page; Zevar never sees or stores your
          card number.
        </p>
      </section>
      <section>
        <h2>How we use it</h2>
        <ul>
          <li>To process, ship and support your orders and to send order confirmations.</li>
          <li>To credit the reseller whose shop you bought from.</li>
          <li>To prevent fraud and meet our legal and tax obligations in India.</li>
        </ul>
      </section>
      <section>
        <h2>Sharing</h2>
        <p>
          We share only what is needed with our payment provider, delivery partners and the reseller of your
          order. We do not sell your personal information.
        </p>
      </section>
      <section>
        <h2>Your choices</h2>
        <p>
          Your cart is kept in your own browser. You may ask us to correct or delete your personal information
          by writing to support@zevar.in; records we must keep by law are retained for the period the law
          requires.
        </p>
      </section>
    </PolicyLayout>
  );
}
