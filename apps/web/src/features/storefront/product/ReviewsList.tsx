import { Suspense, lazy, useState } from 'react';
import { REVIEW_MESSAGES, type Review } from '@zevar/domain';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { Stars } from '../../../components/Stars';
import { formatDate } from '../../../lib/format';

// Opened by a click on a review photo: not part of the product page's first load.
const PhotoViewer = lazy(() =>
  import('../../../components/PhotoViewer').then((m) => ({ default: m.PhotoViewer })),
);

const PHOTOS_SHOWN = 3;

/**
 * Reviews with stars, author, date, comment and photos with a '+N' overflow. Each photo opens the
 * photo viewer at that photo; the '+N' tile opens it at the first photo it hides.
 */
export function ReviewsList({ reviews }: { reviews: Review[] }) {
  const [viewing, setViewing] = useState<{ review: Review; start: number } | null>(null);
  if (reviews.length === 0) return <p className="text-taupe">No reviews yet. Be the first to write one.</p>;
  return (
    <>
      <ul className="divide-y divide-sand">
        {reviews.map((r) => {
          const extra = r.photos.length - PHOTOS_SHOWN;
          return (
            <li key={r.id} className="space-y-1 py-4" data-testid="review">
              <div className="flex flex-wrap items-center gap-3">
                <Stars rating={r.rating} />
                <span className="font-medium">{r.name}</span>
                {r.verifiedBuyer && (
                  <span className="rounded-full bg-cream px-2 py-0.5 text-xs font-medium text-gold-800">
                    ✓ {REVIEW_MESSAGES.verifiedBuyer}
                  </span>
                )}
                <time dateTime={r.date} className="text-xs text-taupe">
                  {formatDate(r.date)}
                </time>
              </div>
              <p className="text-sm whitespace-pre-line">{r.comment}</p>
              {r.photos.length > 0 && (
                <ul className="flex gap-2 pt-1">
                  {r.photos.slice(0, PHOTOS_SHOWN).map((photo, i) => {
                    const overflow = i === PHOTOS_SHOWN - 1 && extra > 0;
                    return (
                      <li key={photo} className="relative">
                        <button
                          type="button"
                          className="block rounded-md focus-visible:outline-2 focus-visible:outline-gold-600"
                          aria-label={
                            overflow
                              ? `Show ${extra} more photos from ${r.name}`
                              : `Open photo ${i + 1} from ${r.name}`
                          }
                          onClick={() => setViewing({ review: r, start: overflow ? PHOTOS_SHOWN : i })}
                        >
                          <ImageWithFallback
                            src={photo}
                            alt={`Photo ${i + 1} from ${r.name}`}
                            className="size-16 rounded-md object-cover"
                          />
                          {overflow && (
                            <span
                              aria-hidden="true"
                              className="absolute inset-0 flex items-center justify-center rounded-md bg-ink/60 text-sm font-semibold text-ivory"
                            >
                              +{extra}
                            </span>
                          )}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
      {viewing && (
        <Suspense fallback={null}>
          <PhotoViewer
            photos={viewing.review.photos}
            start={viewing.start}
            reviewer={viewing.review.name}
            onClose={() => setViewing(null)}
          />
        </Suspense>
      )}
    </>
  );
}
