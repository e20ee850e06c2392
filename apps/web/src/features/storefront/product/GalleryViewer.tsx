import type { ReactNode } from 'react';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { Modal } from '../../../components/Modal';

/** The gallery's full-screen viewer (code of its own: it loads when a shopper opens it). */
export default function GalleryViewer({
  current,
  name,
  position,
  count,
  arrows,
  onClose,
}: {
  current: string | undefined;
  name: string;
  /** 1-based place of the current photo. */
  position: number;
  count: number;
  /** Previous and next over the photo (the gallery's own buttons). */
  arrows: ReactNode;
  onClose: () => void;
}) {
  return (
    <Modal labelledBy="photo-viewer-title" onDismiss={onClose} className="!max-w-4xl !bg-ink !p-4">
      <h2 id="photo-viewer-title" className="sr-only">
        Photo viewer
      </h2>
      <div className="relative">
        <ImageWithFallback
          src={current}
          alt={`${name}, photo ${position} of ${count}`}
          className="max-h-[80dvh] w-full object-contain"
        />
        {arrows}
      </div>
      <div className="mt-3 flex items-center justify-between text-sm text-ivory">
        <span>
          {position} / {count}
        </span>
        <button type="button" className="btn-outline !text-ivory" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
