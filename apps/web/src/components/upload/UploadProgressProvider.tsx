import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { MSG } from '@zevar/domain';
import { uploadImage } from '../../lib/upload';
import { Modal } from '../Modal';
import { ImageUploadContext, type ImageUploadApi } from './upload-context';

/** The progress dialog stays at 100% this long before it hides. */
export const UPLOAD_HIDE_DELAY_MS = 300;

type Uploader = typeof uploadImage;

/**
 * Shows the global 'Uploading Image' dialog while any upload runs. `uploader` is replaceable for tests.
 */
export function UploadProgressProvider({
  children,
  uploader = uploadImage,
}: {
  children: ReactNode;
  uploader?: Uploader;
}) {
  const [percent, setPercent] = useState<number | null>(null);
  const active = useRef(0);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const upload = useCallback(
    async (file: File, path?: string) => {
      clearTimeout(hideTimer.current);
      active.current += 1;
      setPercent(0);
      let failed = false;
      try {
        const name = await uploader(file, (p) => setPercent((current) => Math.max(current ?? 0, p)), path);
        setPercent(100);
        return name;
      } catch (err) {
        failed = true;
        throw err;
      } finally {
        active.current -= 1;
        if (active.current === 0) {
          // A failed upload hides at once so the caller's error dialog is what the user sees.
          if (failed) setPercent(null);
          else hideTimer.current = setTimeout(() => setPercent(null), UPLOAD_HIDE_DELAY_MS);
        }
      }
    },
    [uploader],
  );

  const api = useMemo<ImageUploadApi>(() => ({ upload }), [upload]);

  return (
    <ImageUploadContext.Provider value={api}>
      {children}
      {percent !== null && <UploadDialog percent={percent} />}
    </ImageUploadContext.Provider>
  );
}

function UploadDialog({ percent }: { percent: number }) {
  const titleId = useId();
  return (
    <Modal labelledBy={titleId} className="max-w-sm">
      <h2 id={titleId} className="text-center text-xl font-semibold">
        {MSG.uploadingImage}
      </h2>
      <div
        role="progressbar"
        aria-labelledby={titleId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-4 h-2 overflow-hidden rounded-full bg-sand"
      >
        <div
          className="h-full bg-gold-600 transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-2 text-center text-sm font-medium text-taupe" aria-live="polite">
        {percent}%
      </p>
    </Modal>
  );
}
