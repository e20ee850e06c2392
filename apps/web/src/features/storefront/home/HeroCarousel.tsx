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

/** What the slide shows and where it leads, for its alt text. */
export function slideAlt(item: CarouselItem): string {
  if (!item.targetName) return 'Featured jewellery';
  return item.linkType === 'PRODUCT' ? item.targetName : `${item.targetName} collection`;
}

/**
 * Hero slides that advance every 5000 ms, with indicator dots. The slides stop while the pointer is
 * over the carousel or focus is inside it, and a Pause/Play control stops them for good (WCAG 2.2.2).
 * Slides are shown at the banners' own 8:3 shape at every width, so a headline drawn in the picture
 * is never cropped on a phone.
 */
export function HeroCarousel({ items, shop }: { items: CarouselItem[]; shop: string }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const count = items.length;
  const running = count > 1 && !paused && !hovered && !focused;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [count, running]);

  if (count === 0) return null;
  const current = index % count;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured"
      className="relative overflow-hidden rounded-xl bg-cream"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="flex transition-transform duration-700 motion-reduce:transition-none"
        // None on the first slide: server-rendered markup carries no style attribute (the CSP's
        // style-src 'self' refuses it); later slides are set through the DOM, which the CSP allows.
        style={current === 0 ? undefined : { transform: `translateX(-${current * 100}%)` }}
        aria-live={running ? 'off' : 'polite'}
      >
        {items.map((item, i) => {
          const to = targetOf(shop, item);
          const image = (
            <ImageWithFallback
              src={item.imageUrl}
              alt={slideAlt(item)}
              priority={i === 0}
              sizes={HERO_IMAGE_SIZES}
              width={1600}
              height={600}
              className="aspect-[8/3] w-full object-cover"
            />
          );
          return (
            <div
              key={item.id}
              className="w-full shrink-0"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i !== current}
            >
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
        <div className="absolute inset-x-0 bottom-2 flex items-center justify-center gap-2 sm:bottom-3">
          <button
            type="button"
            aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
            onClick={() => setPaused(!paused)}
            className="flex size-6 items-center justify-center rounded-full bg-ink/50 text-[10px] leading-none text-white"
          >
            <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
          </button>
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
