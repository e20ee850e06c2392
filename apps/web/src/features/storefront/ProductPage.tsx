import { Suspense, lazy, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router';
import { STOREFRONT_MESSAGES, type Product, type ReviewInput } from '@zevar/domain';
import { PageSpinner } from '../../components/Spinner';
import { isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Gallery } from './product/Gallery';
import { ProductInfo } from './product/ProductInfo';
import { embedded, storefrontApi, useLoggedError } from './storefront-api';
import { ShopFallback } from './ShopFallback';
import { useShop } from './use-shop';
import { ShopFaceSlot } from './shop-face/ShopFaceSlot';

// Below the buy box: the tabs (features, specifications, reviews) load just after the page's own
// code; on a server-rendered page their markup is there from the start and is hydrated when it comes.
const ProductTabs = lazy(() => import('./product/ProductTabs').then((m) => ({ default: m.ProductTabs })));
// The review form (and react-hook-form with it) loads when a shopper opens it, not with the page.
const ReviewForm = lazy(() => import('./product/ReviewForm').then((m) => ({ default: m.ReviewForm })));
// 'Delivery by <date>' (issue 22 item 6): its code loads after the page's own, like the tabs; its
// place is kept so nothing below it moves when it comes.
const DeliveryDate = lazy(() => import('../../components/DeliveryDate'));
// EMI, insured shipping, the certificate, the hallmark explained and the returns policy (issue 26
// item 6): one lazily loaded chunk below the delivery box.
const BuyerProofs = lazy(() => import('./product/BuyerProofs'));

function NotFound({ shop }: { shop: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl">{STOREFRONT_MESSAGES.productNotFound}</h1>
      <p className="mt-2 text-taupe">This piece is not available in this shop.</p>
      <Link to={`/${encodeURIComponent(shop)}`} className="btn-primary mt-6">
        Continue Shopping
      </Link>
    </div>
  );
}

/** Product page: gallery, details, purchase, offers, tabs and the review form. */
/** Specifications lead with the purity and net weight of a metal-priced piece. */
function withPurity(p: Product): Record<string, string> {
  if (p.productType === 'MRP' || !p.purity) return p.specifications;
  return {
    purity: p.purity.name,
    netWeight: `${p.metalWeight.toFixed(3)} g`,
    ...Object.fromEntries(Object.entries(p.specifications).filter(([k]) => k !== 'purity')),
  };
}

export default function ProductPage() {
  const { name = '' } = useParams();
  const shop = useShop();
  const { slug, plan } = shop;
  const [writing, setWriting] = useState(false);
  const queryClient = useQueryClient();

  const product = useQuery({
    queryKey: ['product', slug, name],
    queryFn: () => storefrontApi.product(slug, name),
    initialData: () => embedded('product', slug, name),
    enabled: Boolean(plan),
    retry: (count, err) => !(isApiError(err) && err.status === 404) && count < 2,
  });
  const productId = product.data?.id;
  const reviews = useQuery({
    queryKey: ['reviews', productId],
    queryFn: () => storefrontApi.reviews(productId!),
    initialData: () => (productId === undefined ? undefined : embedded('reviews', productId)),
    enabled: productId !== undefined,
  });
  const coupons = useQuery({
    queryKey: ['coupons'],
    queryFn: storefrontApi.coupons,
    initialData: () => embedded('coupons'),
    staleTime: 60_000,
  });
  const addReview = async (input: ReviewInput) => {
    const added = await storefrontApi.addReview(input);
    await queryClient.invalidateQueries({ queryKey: ['reviews', input.productId] });
    return added;
  };
  useEffect(() => {
    if (productId !== undefined) void storefrontApi.countView(productId);
  }, [productId]);
  useLoggedError('product', product.error);
  useLoggedError('reviews', reviews.error);
  useLoggedError('coupons', coupons.error);
  useDocumentTitle(product.data?.name ?? STOREFRONT_MESSAGES.productNotFound);

  if (!plan) return <ShopFallback shop={shop} />;
  if (product.isPending) return <PageSpinner />;
  // A product above this shop's plan tier sends the shopper to '/' (storefront §2, Product page).
  if (isApiError(product.error) && product.error.code === 'NOT_IN_PLAN') return <Navigate to="/" replace />;
  if (!product.data) return <NotFound shop={slug} />;
  const p = product.data;

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-6">
      <div className="grid gap-8 md:grid-cols-2">
        <Gallery key={p.id} images={p.images} name={p.name || STOREFRONT_MESSAGES.unnamedProduct} />
        <div className="space-y-5">
          <ProductInfo product={p} shop={slug} coupons={coupons.data ?? []} />
          <ShopFaceSlot part="product" productName={p.name} />
          <div className="min-h-24">
            <Suspense fallback={null}>
              <DeliveryDate shop={slug} />
            </Suspense>
          </div>
          <Suspense fallback={null}>
            <BuyerProofs product={p} shop={slug} />
          </Suspense>
        </div>
      </div>
      <Suspense fallback={<PageSpinner />}>
        <ProductTabs
          key={p.id}
          features={p.features}
          specifications={withPurity(p)}
          reviews={reviews.data ?? []}
          onWriteReview={() => setWriting(true)}
        />
      </Suspense>
      {writing && (
        <Suspense fallback={null}>
          <ReviewForm productId={p.id} onClose={() => setWriting(false)} submit={addReview} />
        </Suspense>
      )}
    </div>
  );
}
