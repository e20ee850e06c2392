import { useId, useState } from 'react';
import { Modal } from './Modal';
import { ImageWithFallback } from './ImageWithFallback';

/** Review photo viewer: previous/next without wrapping, and thumbnails to jump to a photo. */
export function PhotoViewer({
  photos,
  start,
  reviewer,
  onClose,
}: {
  photos: string[];
  start: number;
  reviewer: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const [index, setIndex] = useState(Math.min(Math.max(start, 0), photos.length - 1));
  const isFirst = index <= 0;
  const isLast = index >= photos.length - 1;
  return (
    <Modal labelledBy={titleId} onDismiss={onClose} className="max-w-2xl">
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          Photos from {reviewer}
        </h2>
        <button type="button" className="btn-ghost px-2" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <p className="text-sm text-taupe" aria-live="polite">
        Photo {index + 1} of {photos.length}
      </p>
      <div className="mt-3 flex items-center gap-2">
        <button
          type="button"
          className="btn-outline px-3"
          aria-label="Previous photo"
          disabled={isFirst}
          onClick={() => setIndex(index - 1)}
        >
          ‹
        </button>
        <ImageWithFallback
          src={photos[index]}
          alt={`Photo ${index + 1} of ${photos.length}`}
          className="aspect-square min-w-0 flex-1 rounded object-contain"
        />
        <button
          type="button"
          className="btn-outline px-3"
          aria-label="Next photo"
          disabled={isLast}
          onClick={() => setIndex(index + 1)}
        >
          ›
        </button>
      </div>
      <ul className="mt-3 flex flex-wrap justify-center gap-2" aria-label="Thumbnails">
        {photos.map((p, i) => (
          <li key={p}>
            <button
              type="button"
              aria-label={`Show photo ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              className={`rounded border-2 ${i === index ? 'border-gold-600' : 'border-transparent'}`}
              onClick={() => setIndex(i)}
            >
              <ImageWithFallback src={p} alt="" className="size-14 rounded object-cover" />
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
