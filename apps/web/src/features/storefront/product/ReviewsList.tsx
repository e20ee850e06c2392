import type { Review } from '@zevar/domain';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { Stars } from '../../../components/Stars';
import { formatDate } from '../../../lib/format';

const PHOTOS_SHOWN = 3;

/** Reviews with stars, author, date, comment and photos with a '+N' overflow. */
export function ReviewsList({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) return <p className="text-taupe">No reviews yet. Be the first to write one.</p>;
  return (
    <ul className="divide-y divide-sand">
      {reviews.map((r) => {
        const extra = r.photos.length - PHOTOS_SHOWN;
        return (
          <li key={r.id} className="space-y-1 py-4" data-testid="review">
            <div className="flex flex-wrap items-center gap-3">
              <Stars rating={r.rating} />
              <span className="font-medium">{r.name}</span>
              <time dateTime={r.date} className="text-xs text-taupe">
                {formatDate(r.date)}
              </time>
            </div>
            <p className="text-sm whitespace-pre-line">{r.comment}</p>
            {r.photos.length > 0 && (
              <ul className="flex gap-2 pt-1">
                {r.photos.slice(0, PHOTOS_SHOWN).map((photo, i) => (
                  <li key={photo} className="relative">
                    <ImageWithFallback
                      src={photo}
                      alt={`Photo ${i + 1} from ${r.name}`}
                      className="size-16 rounded-md object-cover"
                    />
                    {i === PHOTOS_SHOWN - 1 && extra > 0 && (
                      <span className="absolute inset-0 flex items-center justify-center rounded-md bg-ink/60 text-sm font-semibold text-ivory">
                        +{extra}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
