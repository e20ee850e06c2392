import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { MAX_REVIEW_PHOTOS, MSG, REVIEW_MESSAGES, type ReviewInput } from '@zevar/domain';
import { Modal } from '../../../components/Modal';
import { Stars } from '../../../components/Stars';
import { useDialog } from '../../../components/dialog/dialog-context';
import { uploadImage } from '../../../lib/upload';
import { isApiError } from '../../../lib/api';

export const REVIEW_UPLOAD_PATH = '/image/review-uploads';

export interface ReviewFormProps {
  productId: number;
  onClose: () => void;
  /** Sends the review (photos already uploaded); resolves with the stored review, rejects on failure. */
  submit: (input: ReviewInput) => Promise<unknown>;
  /** Uploads one photo and resolves with its stored name. */
  upload?: (file: File) => Promise<string>;
}

type Photo = { file: File; preview: string };
type Fields = { rating: number; name: string; comment: string; email: string };

/** Whether the stored review waits for an admin before it is shown. */
const awaitsModeration = (stored: unknown) =>
  typeof stored === 'object' && stored !== null && (stored as { status?: unknown }).status === 'PENDING';

const defaultUpload = (file: File) => uploadImage(file, undefined, REVIEW_UPLOAD_PATH);

/**
 * Review modal: stars, 'Your Name*', 'Your Review*', up to five photos (uploaded before the review is
 * sent). Page scroll is locked by the modal; unmounting it on close resets everything. Rating, name and
 * comment live in react-hook-form (messages once a field is touched); the chosen files are local state.
 */
export function ReviewForm({ productId, onClose, submit, upload = defaultUpload }: ReviewFormProps) {
  const dialog = useDialog();
  const titleId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const { control, register, handleSubmit, formState } = useForm<Fields>({
    defaultValues: { rating: 0, name: '', comment: '', email: '' },
    mode: 'onTouched',
  });
  const { rating, name, comment, email } = useWatch({ control }) as Fields;
  const touched = formState.touchedFields;
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const photosRef = useRef(photos);
  photosRef.current = photos;
  useEffect(() => () => photosRef.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);

  const nameError = formState.errors.name?.message;
  const commentError = formState.errors.comment?.message;
  const valid = rating > 0 && name.trim() !== '' && comment.trim() !== '';
  const full = photos.length >= MAX_REVIEW_PHOTOS;

  const addFiles = (files: FileList | null) => {
    const images = Array.from(files ?? []).filter((f) => f.type.startsWith('image/'));
    const room = MAX_REVIEW_PHOTOS - photos.length;
    setPhotos((current) => [
      ...current,
      ...images.slice(0, room).map((file) => ({ file, preview: URL.createObjectURL(file) })),
    ]);
    if (fileInput.current) fileInput.current.value = '';
  };
  const removePhoto = (index: number) =>
    setPhotos((current) => {
      const gone = current[index];
      if (gone) URL.revokeObjectURL(gone.preview);
      return current.filter((_, i) => i !== index);
    });

  const onSubmit = async () => {
    if (!valid || submitting) return;
    setSubmitting(true);
    let names: string[];
    try {
      names = await Promise.all(photos.map((p) => upload(p.file)));
    } catch (err) {
      setSubmitting(false);
      // A refused photo (too large, not an image) says why; anything else keeps the general text.
      const refused = isApiError(err) && err.status >= 400 && err.status < 500;
      await dialog.error(MSG.errorTitle, refused ? err.message : REVIEW_MESSAGES.uploadFailed);
      return;
    }
    try {
      const stored = await submit({
        productId,
        name: name.trim(),
        rating,
        comment: comment.trim(),
        photos: names,
        ...(email.trim() ? { email: email.trim() } : {}),
      });
      setSubmitting(false);
      onClose();
      await dialog.success(
        MSG.successTitle,
        awaitsModeration(stored) ? REVIEW_MESSAGES.awaitsModeration : REVIEW_MESSAGES.added,
      );
    } catch (err) {
      setSubmitting(false);
      // The per-product limit and a refused email say why; anything else gets the spec's text.
      const told = isApiError(err) && (err.code === 'RATE_LIMITED' || err.code === 'VALIDATION');
      await dialog.error(MSG.errorTitle, told ? err.message : REVIEW_MESSAGES.addFailed);
    }
  };

  return (
    <Modal labelledBy={titleId} onDismiss={submitting ? undefined : onClose} className="max-w-lg">
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-4">
        <h2 id={titleId} className="text-2xl">
          Write a Review
        </h2>
        <div>
          <span className="label">Rating*</span>
          <Controller
            control={control}
            name="rating"
            render={({ field }) => (
              <Stars rating={field.value} onChange={field.onChange} className="text-2xl" />
            )}
          />
        </div>
        <div>
          <label htmlFor={`${titleId}-name`} className="label">
            Your Name*
          </label>
          <input
            id={`${titleId}-name`}
            className="input"
            maxLength={100}
            aria-invalid={nameError ? true : undefined}
            {...register('name', {
              validate: (v) => v.trim() !== '' || REVIEW_MESSAGES.nameRequired,
            })}
          />
          {nameError && <p className="field-error">{nameError}</p>}
        </div>
        <div>
          <label htmlFor={`${titleId}-comment`} className="label">
            Your Review*
          </label>
          <textarea
            id={`${titleId}-comment`}
            className="input min-h-28"
            maxLength={2000}
            aria-invalid={commentError ? true : undefined}
            {...register('comment', {
              validate: (v) => v.trim() !== '' || REVIEW_MESSAGES.commentRequired,
            })}
          />
          {commentError && <p className="field-error">{commentError}</p>}
        </div>
        <div>
          <label htmlFor={`${titleId}-email`} className="label">
            Email used for your order (optional)
          </label>
          <input
            id={`${titleId}-email`}
            type="email"
            autoComplete="email"
            className="input"
            maxLength={200}
            aria-describedby={`${titleId}-email-hint`}
            {...register('email')}
          />
          <p id={`${titleId}-email-hint`} className="mt-1 text-xs text-taupe">
            Marks your review &lsquo;{REVIEW_MESSAGES.verifiedBuyer}&rsquo; if you bought this piece. It is
            never shown.
          </p>
        </div>
        <div>
          <div className="flex items-center justify-between">
            <label htmlFor={`${titleId}-photos`} className="label">
              Add Photos (max {MAX_REVIEW_PHOTOS})
            </label>
            <span className="text-xs text-taupe">
              {photos.length}/{MAX_REVIEW_PHOTOS}
            </span>
          </div>
          <input
            ref={fileInput}
            id={`${titleId}-photos`}
            type="file"
            accept="image/*"
            multiple
            disabled={full || submitting}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-cream file:px-3 file:py-2 disabled:opacity-50"
            onChange={(e) => addFiles(e.target.files)}
          />
          {photos.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-2">
              {photos.map((p, i) => (
                <li key={p.preview} className="relative">
                  <img src={p.preview} alt={`Upload ${i + 1}`} className="size-16 rounded-md object-cover" />
                  <button
                    type="button"
                    aria-label={`Remove photo ${i + 1}`}
                    className="absolute -top-2 -right-2 size-6 rounded-full bg-ink text-xs text-ivory"
                    onClick={() => removePhoto(i)}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {!valid && (touched.name || touched.comment) && (
          <p className="text-sm text-red-700">{REVIEW_MESSAGES.fillAll}</p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-ghost" onClick={onClose} disabled={submitting}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={!valid || submitting}>
            {submitting ? 'Submitting...' : 'Submit'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
