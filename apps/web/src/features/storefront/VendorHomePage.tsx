import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ProductListItem } from '@zevar/domain';
import { useDocumentTitle } from '../../lib/use-document-title';
import { addToCart as addLine } from '../../lib/cart';
import { BannerCollage, CategoryStrip, ShopByCategory } from './home/CategorySections';
import { HeroCarousel } from './home/HeroCarousel';
import { TodaysRates } from './rates/TodaysRates';
import { ProductGrid, PromoBanners, SaleSlider } from './home/ProductSections';
import { cartPath } from './paths';
import { embedded, storefrontApi, useLoggedError } from './storefront-api';
import { ShopFallback } from './ShopFallback';
import { useShop } from './use-shop';
import { ShopFaceSlot } from './shop-face/ShopFaceSlot';

/** Vendor home: every section of the storefront spec, in order. Load errors are only logged. */
export default function VendorHomePage() {
  const shop = useShop();
  const { slug, plan } = shop;
  const navigate = useNavigate();
  useDocumentTitle(slug);
  const enabled = Boolean(plan);

  const categories = useQuery({
    queryKey: ['categories', plan],
    queryFn: () => storefrontApi.categories(plan!),
    initialData: () => (plan ? embedded('categories', plan) : undefined),
    enabled,
  });
  const carousel = useQuery({
    queryKey: ['carousel', plan],
    queryFn: () => storefrontApi.carousel(plan!),
    initialData: () => (plan ? embedded('carousel', plan) : undefined),
    enabled,
  });
  const trending = useQuery({
    queryKey: ['trending', slug],
    queryFn: () => storefrontApi.trending(slug),
    initialData: () => embedded('trending', slug),
    enabled,
  });
  const sale = useQuery({
    queryKey: ['sale', slug],
    queryFn: () => storefrontApi.sale(slug),
    initialData: () => embedded('sale', slug),
    enabled,
  });
  const offers = useQuery({
    queryKey: ['special-offers', slug],
    queryFn: () => storefrontApi.specialOffers(slug),
    initialData: () => embedded('specialOffers', slug),
    enabled,
    staleTime: 60_000,
  });
  useLoggedError('categories', categories.error);
  useLoggedError('carousel', carousel.error);
  useLoggedError('trending products', trending.error);
  useLoggedError('sale products', sale.error);
  useLoggedError('special offers', offers.error);

  if (!plan) return <ShopFallback shop={shop} />;

  // A card knows the stock band, not the count: the cart clamps the line to what its quote says is
  // left, and says so ('Only N left!').
  const addToCart = (p: ProductListItem) => {
    addLine(p.id, 1);
    void navigate(cartPath(slug));
  };
  const cats = categories.data ?? [];

  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-6">
      <h1 className="sr-only">{slug}</h1>
      <ShopFaceSlot part="home" />
      <CategoryStrip categories={cats} shop={slug} />
      <HeroCarousel items={carousel.data ?? []} shop={slug} />
      <TodaysRates />
      <ShopByCategory categories={cats} shop={slug} />
      <ProductGrid
        title="Trending Products"
        products={trending.data?.content ?? []}
        shop={slug}
        onAddToCart={addToCart}
      />
      <BannerCollage categories={cats} shop={slug} />
      <SaleSlider
        title="Sale Products"
        products={sale.data?.content ?? []}
        shop={slug}
        onAddToCart={addToCart}
      />
      <ProductGrid title="Special Offer" products={offers.data ?? []} shop={slug} onAddToCart={addToCart} />
      <PromoBanners />
    </div>
  );
}
