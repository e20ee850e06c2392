import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ReviewedProduct } from '@zevar/domain';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { formatDate } from '../../../lib/format';
import { RatingStars } from './RatingStars';
import { reviewKeys, reviewsApi } from './reviews-api';

/** Products that have reviews, most recent review first, with their rating summary. */
export function ReviewedProductsTable({ onView }: { onView: (p: ReviewedProduct) => void }) {
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const products = useQuery({
    queryKey: reviewKeys.products(page, search.trim()),
    queryFn: () => reviewsApi.reviewedProducts(page, search),
  });

  return (
    <div className="space-y-4">
      <input
        type="search"
        className="input max-w-sm"
        aria-label="Search products"
        placeholder="Search products..."
        value={search}
        onChange={(e) => { setSearch(e.target.value); setPage(0); }}
      />
      {products.isPending && <Spinner label="Loading reviews..." />}
      {products.isError && <p role="alert" className="text-red-700">Failed to load reviews</p>}
      {products.data && products.data.content.length === 0 && <p className="text-taupe">No reviews yet.</p>}
      {products.data && products.data.content.length > 0 && (
        <div className="overflow-x-auto rounded-lg border border-sand bg-white">
          <table className="w-full min-w-[720px] text-left text-sm">
            <thead className="bg-cream text-xs tracking-wide text-taupe uppercase">
              <tr>
                {['Product', 'Average Rating', 'Total Reviews', 'Last Review', 'Actions'].map((h) => (
                  <th key={h} scope="col" className="px-3 py-2 font-semibold">{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {products.data.content.map((p) => (
                <tr key={p.productId} className="border-t border-sand align-middle">
                  <td className="px-3 py-2">
                    <div className="flex items-center gap-3">
                      <ImageWithFallback src={p.productImage} alt={p.productName} className="size-12 shrink-0 rounded object-cover" />
                      <span className="font-medium">{p.productName}</span>
                    </div>
                  </td>
                  <td className="px-3 py-2"><RatingStars average={p.averageRating} /></td>
                  <td className="px-3 py-2">{p.totalReviews}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDate(p.lastReview)}</td>
                  <td className="px-3 py-2">
                    <button type="button" className="btn-outline whitespace-nowrap" aria-label={`View Reviews of ${p.productName}`} onClick={() => onView(p)}>
                      View Reviews
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {products.data && <Pagination page={page} totalPages={products.data.totalPages} onPageChange={setPage} />}
    </div>
  );
}
