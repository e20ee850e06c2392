import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isCatalogueSearchable, type ReviewedProduct } from '@zevar/domain';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { Spinner } from '../../../components/Spinner';
import { useDebounced } from '../../../lib/use-debounced';
import { fetchProducts } from '../../../lib/catalogue-api';

const SHOWN = 8;

/**
 * 'Review any product': searches the whole catalogue (not only reviewed products), so an admin can
 * write the first review of a product that has none. Picking one opens its reviews page.
 */
export function ProductFinder({ onPick }: { onPick: (p: ReviewedProduct) => void }) {
  const id = useId();
  const [term, setTerm] = useState('');
  const keyword = useDebounced(term.trim(), 300);
  // The catalogue-wide search needs a word of three letters or digits (decision 0086).
  const searching = isCatalogueSearchable(keyword);
  const found = useQuery({
    queryKey: ['admin', 'reviews', 'any-product', keyword],
    queryFn: ({ signal }) =>
      fetchProducts({ page: 0, search: keyword, categoryId: null, metalId: null }, signal),
    enabled: searching,
  });
  const products = found.data?.content.slice(0, SHOWN) ?? [];
  return (
    <section className="card space-y-3 p-4" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-semibold">
        Review any product
      </h3>
      <input
        type="search"
        className="input max-w-sm"
        aria-label="Search all products"
        placeholder="Search all products..."
        value={term}
        onChange={(e) => setTerm(e.target.value)}
      />
      {searching && found.isPending && <Spinner label="Searching products..." />}
      {searching && found.isError && (
        <p role="alert" className="text-red-700">
          Failed to load products
        </p>
      )}
      {searching && found.data && products.length === 0 && <p className="text-taupe">No products found</p>}
      {products.length > 0 && (
        <ul className="divide-y divide-sand">
          {products.map((p) => (
            <li key={p.id} className="flex items-center gap-3 py-2">
              <ImageWithFallback
                src={p.images[0] ?? null}
                alt=""
                className="size-10 shrink-0 rounded object-cover"
              />
              <span className="min-w-0 flex-1 font-medium break-words">{p.name}</span>
              <button
                type="button"
                className="btn-outline shrink-0 px-3 py-1 whitespace-nowrap"
                aria-label={`Open reviews of ${p.name}`}
                onClick={() =>
                  onPick({
                    productId: p.id,
                    productName: p.name,
                    productImage: p.images[0] ?? null,
                    averageRating: 0,
                    totalReviews: 0,
                    pendingReviews: 0,
                    lastReview: '',
                  })
                }
              >
                Reviews
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
