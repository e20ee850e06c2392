import { useState } from 'react';
import { Link } from 'react-router';
import type { ProductListItem } from '@zevar/domain';
import { ProductCard } from '../ProductCard';

type SectionProps = {
  title: string;
  products: ProductListItem[];
  shop: string;
  onAddToCart: (p: ProductListItem) => void;
};

/** A titled grid of product cards (prices with one decimal on the home page). */
export function ProductGrid({ title, products, shop, onAddToCart }: SectionProps) {
  if (products.length === 0) return null;
  const id = title.toLowerCase().replace(/\s+/g, '-');
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-2xl">
        {title}
      </h2>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {products.map((p) => (
          <ProductCard key={p.id} product={p} shop={shop} onAddToCart={onAddToCart} fractionDigits={1} />
        ))}
      </div>
    </section>
  );
}

const VISIBLE = 4;

/** Sale Products: previous/next slider that wraps around. */
export function SaleSlider({ title, products, shop, onAddToCart }: SectionProps) {
  const [start, setStart] = useState(0);
  if (products.length === 0) return null;
  const n = products.length;
  const shown = Array.from({ length: Math.min(VISIBLE, n) }, (_, i) => products[(start + i) % n]!);
  return (
    <section aria-labelledby="sale-products">
      <div className="mb-4 flex items-center justify-between">
        <h2 id="sale-products" className="text-2xl">
          {title}
        </h2>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn-outline px-3"
            aria-label="Previous sale products"
            onClick={() => setStart((s) => (s - 1 + n) % n)}
          >
            ‹
          </button>
          <button
            type="button"
            className="btn-outline px-3"
            aria-label="Next sale products"
            onClick={() => setStart((s) => (s + 1) % n)}
          >
            ›
          </button>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {shown.map((p, i) => (
          <div key={`${p.id}-${i}`} className={i >= 2 ? 'hidden lg:block' : ''}>
            <ProductCard product={p} shop={shop} onAddToCart={onAddToCart} fractionDigits={1} />
          </div>
        ))}
      </div>
    </section>
  );
}

/** Promo banners: one leads to the login page, one is free-delivery text. */
export function PromoBanners() {
  return (
    <section aria-label="Offers" className="grid gap-4 md:grid-cols-2">
      <Link
        to="/login"
        className="card flex flex-col justify-center gap-2 bg-ink p-6 text-ivory hover:bg-gold-900"
      >
        <span className="eyebrow text-gold-300">Resellers</span>
        <span className="font-serif text-2xl text-ivory">Start your own jewellery shop</span>
        <span className="text-sm text-sand">
          Register or sign in to sell the Zevar collection under your name.
        </span>
      </Link>
      <div className="card flex flex-col justify-center gap-2 bg-gold-50 p-6">
        <span className="eyebrow">Free delivery</span>
        <span className="font-serif text-2xl">Free shipping on every order</span>
        <span className="text-sm text-taupe">Insured delivery across India, shipped within 3-5 days.</span>
      </div>
    </section>
  );
}
