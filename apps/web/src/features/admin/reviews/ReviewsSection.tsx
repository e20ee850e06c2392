import { useState } from 'react';
import type { ReviewedProduct } from '@zevar/domain';
import { ProductReviews } from './ProductReviews';
import { ReviewedProductsTable } from './ReviewedProductsTable';
import { ProductFinder } from './ProductFinder';
import { AwaitingModeration } from './AwaitingModeration';

/**
 * Reviews Management (SUPER_ADMIN; the shell shows the title): the reviews awaiting moderation,
 * products with reviews, then one product's reviews.
 */
export default function ReviewsSection() {
  const [product, setProduct] = useState<ReviewedProduct | null>(null);
  return (
    <div className="space-y-4">
      {product ? (
        <ProductReviews product={product} onBack={() => setProduct(null)} />
      ) : (
        <>
          <AwaitingModeration />
          <ProductFinder onPick={setProduct} />
          <ReviewedProductsTable onView={setProduct} />
        </>
      )}
    </div>
  );
}
