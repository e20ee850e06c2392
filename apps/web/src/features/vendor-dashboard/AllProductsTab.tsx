import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Category, type User } from '@zevar/domain';
import { Pagination } from '../../components/Pagination';
import { PageSpinner } from '../../components/Spinner';
import { useDialog } from '../../components/dialog/dialog-context';
import { ProductFiltersBar } from './ProductFiltersBar';
import { VendorProductCard } from './VendorProductCard';
import { currentPlan } from '../../lib/vendor-plan';
import { EMPTY_FILTERS, fetchCategories, fetchVendorProducts, type ProductFilters } from './vendor-products';
import { useDebounced } from '../../lib/use-debounced';

const SEARCH_DEBOUNCE_MS = 300;

/** All Products tab: the catalogue available on the vendor's plan, with commission and WhatsApp sharing. */
export default function AllProductsTab({ vendor }: { vendor: User }) {
  const dialog = useDialog();
  const [filters, setFilters] = useState<ProductFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState(0);
  const search = useDebounced(filters.search, SEARCH_DEBOUNCE_MS);
  const effective = { ...filters, search };

  const plan = currentPlan(vendor);
  const categories = useQuery({
    queryKey: ['categories', plan],
    queryFn: () => fetchCategories(plan),
    staleTime: 60_000,
  });
  const products = useQuery({
    queryKey: ['vendor-products', effective, page],
    queryFn: () => fetchVendorProducts(effective, page),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (products.isError) {
      console.error('Failed to load products', products.error);
      void dialog.error('Error', 'Failed to load products');
    }
  }, [products.isError, products.error, dialog]);

  const change = (next: Partial<ProductFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(0);
  };

  return (
    <section aria-labelledby="all-products-title" className="space-y-6">
      <h2 id="all-products-title" className="text-2xl font-semibold">
        All Products
      </h2>
      <ProductFiltersBar
        filters={filters}
        categories={categories.data ?? ([] as Category[])}
        onChange={change}
        onReset={() => change(EMPTY_FILTERS)}
      />
      <ProductGrid vendor={vendor} query={products} />
      {products.data && (
        <Pagination page={page} totalPages={products.data.totalPages} onPageChange={setPage} />
      )}
    </section>
  );
}

function ProductGrid({
  vendor,
  query,
}: {
  vendor: User;
  query: ReturnType<typeof useQuery<Awaited<ReturnType<typeof fetchVendorProducts>>>>;
}) {
  if (query.isPending) return <PageSpinner label="Loading products..." />;
  const list = query.data?.content ?? [];
  if (list.length === 0) {
    return <p className="card px-6 py-10 text-center text-taupe">No products found</p>;
  }
  return (
    <ul className={`grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4 ${query.isFetching ? 'opacity-70' : ''}`}>
      {list.map((product) => (
        <li key={product.id}>
          <VendorProductCard product={product} vendor={vendor} />
        </li>
      ))}
    </ul>
  );
}
