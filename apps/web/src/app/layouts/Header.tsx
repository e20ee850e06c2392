import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { homePathForUserType } from '../../lib/storage';
import { useAuthState, useCartCount } from '../../lib/use-stored';
import { useScrolled } from '../../lib/use-scrolled';
import { useVendorSlug } from '../../lib/use-vendor-slug';
import { ShopFaceSlot } from '../../features/storefront/shop-face/ShopFaceSlot';

/** The header takes its compact, shadowed look past this scroll offset. */
export const HEADER_SCROLL_THRESHOLD = 70;

function CartIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
    >
      <path d="M6 7h12l-1 13H7L6 7z" strokeLinejoin="round" />
      <path d="M9 7a3 3 0 0 1 6 0" />
    </svg>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      aria-hidden="true"
    >
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `text-sm tracking-wide transition-colors hover:text-gold-700 ${isActive ? 'text-gold-700' : 'text-ink'}`;

export function Header() {
  const slug = useVendorSlug();
  const cartCount = useCartCount();
  const { authenticated, userType } = useAuthState();
  const scrolled = useScrolled(HEADER_SCROLL_THRESHOLD);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // A navigation closes the mobile menu.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const base = `/${encodeURIComponent(slug)}`;
  const links = [
    { to: base, label: 'Home', end: true },
    { to: `${base}/contact`, label: 'Contact', end: false },
  ];
  const account = authenticated
    ? { to: homePathForUserType(userType), label: 'Dashboard' }
    : { to: '/login', label: 'Login / Register' };

  return (
    <header
      data-scrolled={scrolled}
      // The scrolled look changes colours, shadow and the logo's scale only: the header's height stays
      // the same, so the page under it never moves and cannot scroll itself back past the threshold.
      className={`sticky top-0 z-40 border-b py-3 transition-[background-color,box-shadow,border-color] duration-300 ${
        scrolled ? 'border-sand bg-ivory/95 shadow-soft backdrop-blur' : 'border-transparent bg-ivory'
      }`}
    >
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4">
        {/* A long slug (up to 50 letters, in capitals) breaks inside its own box, at a hyphen or
            anywhere in one long word, over at most two lines: the links, cart and menu keep their
            place and size, and nothing widens the page. */}
        <Link
          to={base}
          className={`inline-flex min-w-0 origin-left items-center gap-2 font-serif text-2xl font-semibold tracking-[0.25em] text-ink uppercase transition-transform sm:text-3xl ${
            scrolled ? 'scale-[0.8]' : ''
          }`}
        >
          <ShopFaceSlot part="logo" />
          <span className="line-clamp-2 min-w-0 leading-tight wrap-anywhere">{slug}</span>
        </Link>

        <nav aria-label="Main" className="ml-8 hidden shrink-0 items-center gap-6 md:flex">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-2 sm:gap-3">
          <Link
            to={`${base}/cart`}
            aria-label={`Cart, ${cartCount} item${cartCount === 1 ? '' : 's'}`}
            className="relative rounded-full p-2 text-ink hover:bg-cream"
          >
            <CartIcon />
            <span
              aria-hidden="true"
              className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-gold-700 px-1 text-[11px] leading-5 font-semibold text-white"
            >
              {cartCount}
            </span>
          </Link>
          <Link to={account.to} className="btn-primary hidden whitespace-nowrap sm:inline-flex">
            {account.label}
          </Link>
          <button
            type="button"
            className="rounded-md p-2 md:hidden"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon open={menuOpen} />
          </button>
        </div>
      </div>

      {menuOpen && (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="border-t border-sand bg-ivory px-4 py-3 md:hidden"
        >
          <ul className="flex flex-col gap-3">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li className="sm:hidden">
              <Link to={account.to} className="btn-primary w-full">
                {account.label}
              </Link>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}
