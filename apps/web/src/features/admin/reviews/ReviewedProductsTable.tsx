import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ReviewedProduct } from '@zevar/domain';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { formatDate } from '../../../lib/format';
import { RatingStars } from './RatingStars';
import { reviewKeys, reviewsApi } from './reviews-api';
import { StackedCell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { useLoadFailureDialog } from '../../../components/dialog/use-load-failure-dialog';

const HEADERS = ['Product', 'Average Rating', 'Total Reviews', 'Last Review', 'Actions'] as const;

/** Products that have reviews, most recent review first, with their rating summary. */
export function ReviewedProductsTable({ onView }: { onView: (p: ReviewedProduct) => void }) {
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const products = useQuery({
    queryKey: reviewKeys.products(page, search.trim()),
    queryFn: () => reviewsApi.reviewedProducts(page, search),
  });
  useLoadFailureDialog(products.isError, 'Failed to load reviews');

  return (
    <div className="space-y-4">
      <input
        type="search"
        className="input max-w-sm"
        aria-label="Search products"
        placeholder="Search products..."
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(0);
        }}
      />
      {products.isPending && <Spinner label="Loading reviews..." />}
      {products.data && products.data.content.length === 0 && <p className="text-taupe">No reviews yet.</p>}
      {products.data && products.data.content.length > 0 && (
        <StackedTable headers={HEADERS} minWidth="sm:min-w-[720px]">
          {products.data.content.map((p) => (
            <StackedRow key={p.productId}>
              <StackedCell>
                <div className="flex items-center gap-3">
                  <ImageWithFallback
                    src={p.productImage}
                    alt={p.productName}
                    className="size-12 shrink-0 rounded object-cover"
                  />
                  <span className="font-medium">{p.productName}</span>
                </div>
              </StackedCell>
              <StackedCell label="Rating">
                <RatingStars average={p.averageRating} />
              </StackedCell>
              <StackedCell label="Reviews">{p.totalReviews}</StackedCell>
              <StackedCell label="Last Review" className="whitespace-nowrap">
                {formatDate(p.lastReview)}
              </StackedCell>
              <StackedCell>
                <button
                  type="button"
                  className="btn-outline whitespace-nowrap"
                  aria-label={`View Reviews of ${p.productName}`}
                  onClick={() => onView(p)}
                >
                  View Reviews
                </button>
              </StackedCell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
      {products.data && (
        <Pagination page={page} totalPages={products.data.totalPages} onPageChange={setPage} />
      )}
    </div>
  );
}
