import { Suspense, lazy, useState } from 'react';
import { PRODUCT_IMAGE_SIZES } from '@zevar/domain';
import { ImageWithFallback } from '../../../components/ImageWithFallback';

// The full-screen viewer (and the modal under it) loads when the shopper reaches for the photo, not
// with the page.
const loadViewer = () => import('./GalleryViewer');
const GalleryViewer = lazy(loadViewer);

const wrap = (i: number, n: number) => (n === 0 ? 0 : (i + n) % n);

function Arrows({ onPrev, onNext, dark }: { onPrev: () => void; onNext: () => void; dark?: boolean }) {
  const cls = `absolute top-1/2 -translate-y-1/2 rounded-full px-3 py-1 text-2xl ${dark ? 'bg-white/20 text-white' : 'bg-white/80 text-ink shadow'}`;
  return (
    <>
      <button type="button" aria-label="Previous image" className={`${cls} left-2`} onClick={onPrev}>
        ‹
      </button>
      <button type="button" aria-label="Next image" className={`${cls} right-2`} onClick={onNext}>
        ›
      </button>
    </>
  );
}

/** Product photos: previous/next that wrap, thumbnails, and a full-screen viewer that wraps too. */
export function Gallery({ images, name }: { images: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [viewer, setViewer] = useState(false);
  const n = images.length;
  const current = images[wrap(index, n)];
  const move = (step: number) => setIndex((i) => wrap(i + step, n));

  return (
    <div className="space-y-3">
      <div className="relative overflow-hidden rounded-xl bg-cream">
        <button
          type="button"
          className="block w-full"
          aria-label="Open photo viewer"
          onPointerEnter={() => void loadViewer().catch(() => undefined)}
          onFocus={() => void loadViewer().catch(() => undefined)}
          onClick={() => n > 0 && setViewer(true)}
        >
          <ImageWithFallback
            src={current}
            alt={name}
            priority={current === images[0]}
            sizes={PRODUCT_IMAGE_SIZES}
            width={960}
            height={960}
            className="aspect-square w-full object-cover"
          />
        </button>
        {n > 1 && <Arrows onPrev={() => move(-1)} onNext={() => move(1)} />}
      </div>
      {n > 1 && (
        <ul className="flex gap-2 overflow-x-auto">
          {images.map((img, i) => (
            <li key={`${img}-${i}`}>
              <button
                type="button"
                aria-label={`Show image ${i + 1}`}
                aria-current={i === wrap(index, n)}
                onClick={() => setIndex(i)}
                className={`block size-16 overflow-hidden rounded-md border-2 ${i === wrap(index, n) ? 'border-gold-600' : 'border-transparent'}`}
              >
                <ImageWithFallback
                  src={img}
                  alt=""
                  sizes="64px"
                  width={64}
                  height={64}
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {viewer && (
        <Suspense fallback={null}>
          <GalleryViewer
            current={current}
            name={name}
            position={wrap(index, n) + 1}
            count={n}
            arrows={n > 1 && <Arrows dark onPrev={() => move(-1)} onNext={() => move(1)} />}
            onClose={() => setViewer(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
