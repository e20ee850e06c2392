import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CAROUSEL_INTERVAL_MS, HERO_IMAGE_SIZES, type CarouselItem } from '@zevar/domain';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { categoryPath, productPath } from '../paths';

function targetOf(shop: string, item: CarouselItem): string | null {
  if (!item.targetSlug) return null;
  return item.linkType === 'PRODUCT'
    ? productPath(shop, item.targetSlug)
    : categoryPath(shop, item.targetSlug);
}

/** Hero slides that advance every 5000 ms, with indicator dots. */
export function HeroCarousel({ items, shop }: { items: CarouselItem[]; shop: string }) {
  const [index, setIndex] = useState(0);
  const count = items.length;

  useEffect(() => {
    if (count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [count]);

  if (count === 0) return null;
  const current = index % count;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured"
      className="relative overflow-hidden rounded-xl bg-cream"
    >
      <div
        className="flex transition-transform duration-700"
        style={{ transform: `translateX(-${current * 100}%)` }}
      >
        {items.map((item, i) => {
          const to = targetOf(shop, item);
          const image = (
            <ImageWithFallback
              src={item.imageUrl}
              alt={`Slide ${i + 1}`}
              priority={i === 0}
              sizes={HERO_IMAGE_SIZES}
              width={1280}
              height={560}
              className="aspect-[16/7] w-full object-cover sm:aspect-[16/5]"
            />
          );
          return (
            <div key={item.id} className="w-full shrink-0" aria-hidden={i !== current}>
              {to ? (
                <Link to={to} tabIndex={i === current ? 0 : -1}>
                  {image}
                </Link>
              ) : (
                image
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className="absolute inset-x-0 bottom-3 flex justify-center gap-2">
          {items.map((item, i) => (
            <button
              key={item.id}
              type="button"
              aria-label={`Go to slide ${i + 1}`}
              aria-current={i === current}
              onClick={() => setIndex(i)}
              className={`size-2.5 rounded-full border border-white ${i === current ? 'bg-white' : 'bg-white/40'}`}
            />
          ))}
        </div>
      )}
    </section>
  );
}
