import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { PageSpinner } from '../../components/Spinner';
import { getDefaultVendorSlug } from '../../lib/config';
import type { ShopState } from './use-shop';

/**
 * Shown instead of a page whose shop has no valid plan: goes to '/', unless this already is the
 * default shop (going to '/' would come straight back here).
 */
export function ShopFallback({ shop }: { shop: ShopState }) {
  const def = useQuery({
    queryKey: ['config', 'defaultVendorSlug'],
    queryFn: getDefaultVendorSlug,
    staleTime: Infinity,
    enabled: shop.failed,
  });
  if (!shop.failed) return <PageSpinner />;
  if (!def.data) return <PageSpinner />;
  if (def.data !== shop.slug) return <Navigate to="/" replace />;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl">This shop is not open yet</h1>
      <p className="mt-2 text-taupe">Please come back soon.</p>
    </div>
  );
}
