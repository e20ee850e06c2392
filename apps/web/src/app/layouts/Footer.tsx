import { Link } from 'react-router';
import { useVendorSlug } from '../../lib/use-vendor-slug';

const SOCIAL_LINKS = [
  {
    label: 'Instagram',
    href: 'https://www.instagram.com/',
    path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01',
  },
  {
    label: 'Facebook',
    href: 'https://www.facebook.com/',
    path: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H7v4h3v7h4v-7h3l1-4h-4V8z',
  },
  {
    label: 'YouTube',
    href: 'https://www.youtube.com/',
    path: 'M3 8.5A3.5 3.5 0 0 1 6.5 5h11A3.5 3.5 0 0 1 21 8.5v7a3.5 3.5 0 0 1-3.5 3.5h-11A3.5 3.5 0 0 1 3 15.5v-7zM10 9v6l5-3-5-3z',
  },
] as const;

const PAYMENT_METHODS = ['Visa', 'Mastercard', 'RuPay', 'Amex'] as const;

function PaymentBadge({ name }: { name: (typeof PAYMENT_METHODS)[number] }) {
  return (
    <li
      className="flex h-8 min-w-14 items-center justify-center rounded border border-sand bg-white px-2 text-[11px] font-bold tracking-wider text-ink uppercase"
      title={name}
    >
      {name}
    </li>
  );
}

export function Footer() {
  const slug = useVendorSlug();
  const base = `/${encodeURIComponent(slug)}`;
  const serviceLinks = [
    { to: `${base}/contact`, label: 'Contact Us' },
    { to: `${base}/privacy-policy`, label: 'Privacy Policy' },
    { to: `${base}/shipping-policy`, label: 'Shipping Policy' },
    { to: `${base}/return-policy`, label: 'Return Policy' },
    { to: '/terms-and-conditions', label: 'Terms & Conditions' },
  ];

  return (
    <footer className="mt-16 border-t border-sand bg-cream">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="text-xl font-semibold">
            About Us
          </h2>
          <p className="mt-3 text-sm leading-relaxed text-taupe">
            Zevar brings hallmarked gold, silver and diamond jewellery from trusted Indian jewellers to your
            doorstep. Every piece is chosen for its craftsmanship and shipped insured across India.
          </p>
        </section>

        <section aria-labelledby="footer-service">
          <h2 id="footer-service" className="text-xl font-semibold">
            Customer Service
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {serviceLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-taupe hover:text-gold-700">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="text-xl font-semibold">
            Follow Us
          </h2>
          <ul className="mt-3 flex gap-3">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.label}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={social.label}
                  className="flex size-10 items-center justify-center rounded-full border border-gold-300 text-gold-800 hover:bg-gold-50"
                >
                  <svg
                    viewBox="0 0 24 24"
                    className="size-5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.6"
                    strokeLinejoin="round"
                    aria-hidden="true"
                  >
                    <path d={social.path} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-payments">
          <h2 id="footer-payments" className="text-xl font-semibold">
            We Accept
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Accepted cards">
            {PAYMENT_METHODS.map((name) => (
              <PaymentBadge key={name} name={name} />
            ))}
          </ul>
          <p className="mt-3 text-xs text-taupe">Secure card payments in Indian rupees.</p>
        </section>
      </div>
      <div className="border-t border-sand py-4 text-center text-xs text-taupe">
        © {new Date().getFullYear()} Zevar. All rights reserved.
      </div>
    </footer>
  );
}
