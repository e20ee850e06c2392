import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { MAX_REVIEW_PHOTOS } from '@zevar/domain';
import { Modal } from '../../../components/Modal';
import { Stars } from '../../../components/Stars';
import { TextAreaField, TextField } from '../../../components/FormFields';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { useImageUpload } from '../../../components/upload/upload-context';
import { isValidDraft, validateDraft, type ReviewDraft } from './review-form-model';

export interface ReviewFormModalProps {
  title: 'Write a Review' | 'Update Review';
  initial: ReviewDraft;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (draft: ReviewDraft) => void;
  onCancel: () => void;
  /** Called when a photo upload fails. */
  onUploadError?: (err: unknown) => void;
}

type Touched = Partial<Record<'name' | 'comment' | 'rating', boolean>>;

/** The review form (both 'Write a Review' and 'Update Review'); photos are uploaded before they are listed. */
export function ReviewFormModal({
  title,
  initial,
  submitLabel,
  submitting,
  onSubmit,
  onCancel,
  onUploadError,
}: ReviewFormModalProps) {
  const titleId = useId();
  const fileId = useId();
  const { upload } = useImageUpload();
  const [draft, setDraft] = useState<ReviewDraft>(initial);
  const [touched, setTouched] = useState<Touched>({});
  const [uploading, setUploading] = useState(false);
  const errors = validateDraft(draft);
  const full = draft.photos.length >= MAX_REVIEW_PHOTOS;
  const canSubmit = isValidDraft(draft) && draft.rating > 0 && !submitting && !uploading;

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []).slice(0, MAX_REVIEW_PHOTOS - draft.photos.length);
    event.target.value = '';
    setUploading(true);
    try {
      for (const file of files) {
        const name = await upload(file);
        setDraft((d) => (d.photos.length < MAX_REVIEW_PHOTOS ? { ...d, photos: [...d.photos, name] } : d));
      }
    } catch (err) {
      onUploadError?.(err);
    } finally {
      setUploading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, comment: true, rating: true });
    if (canSubmit) onSubmit(draft);
  };

  return (
    <Modal labelledBy={titleId} onDismiss={submitting ? undefined : onCancel} className="max-w-lg">
      <form onSubmit={submit} noValidate className="space-y-4">
        <h2 id={titleId} className="text-xl font-semibold">
          {title}
        </h2>
        <div>
          <span className="label label-required">Rating</span>
          <Stars
            rating={draft.rating}
            onChange={(rating) => {
              setDraft({ ...draft, rating });
              setTouched({ ...touched, rating: true });
            }}
          />
          {touched.rating && errors.rating && (
            <p className="field-error" role="alert">
              {errors.rating}
            </p>
          )}
        </div>
        <TextField
          label="Name"
          required
          value={draft.name}
          maxLength={100}
          onChange={(e) => {
            setDraft({ ...draft, name: e.target.value });
            setTouched({ ...touched, name: true });
          }}
          onBlur={() => setTouched({ ...touched, name: true })}
          error={touched.name ? errors.name : undefined}
        />
        <TextAreaField
          label="Review"
          required
          value={draft.comment}
          maxLength={2000}
          onChange={(e) => {
            setDraft({ ...draft, comment: e.target.value });
            setTouched({ ...touched, comment: true });
          }}
          onBlur={() => setTouched({ ...touched, comment: true })}
          error={touched.comment ? errors.comment : undefined}
        />
        <PhotoField
          fileId={fileId}
          photos={draft.photos}
          disabled={full || uploading}
          onFiles={(event) => void onFiles(event)}
          onRemove={(i) => setDraft({ ...draft, photos: draft.photos.filter((_, j) => j !== i) })}
        />
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-outline" onClick={onCancel} disabled={submitting}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={!canSubmit}>
            {submitting ? 'Saving...' : submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function PhotoField({
  fileId,
  photos,
  disabled,
  onFiles,
  onRemove,
}: {
  fileId: string;
  photos: string[];
  disabled: boolean;
  onFiles: (e: ChangeEvent<HTMLInputElement>) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <div>
      <div className="flex items-center justify-between">
        <span className="label">Photos</span>
        <span className="text-xs text-taupe" aria-live="polite">
          {photos.length}/{MAX_REVIEW_PHOTOS} photos
        </span>
      </div>
      <ul className="mt-1 flex flex-wrap gap-2">
        {photos.map((p, i) => (
          <li key={p} className="relative">
            <ImageWithFallback src={p} alt={`Photo ${i + 1}`} className="size-16 rounded object-cover" />
            <button
              type="button"
              aria-label={`Remove photo ${i + 1}`}
              className="absolute -top-2 -right-2 rounded-full bg-white px-1.5 text-sm shadow"
              onClick={() => onRemove(i)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <label
        htmlFor={fileId}
        className={`btn-outline mt-2 inline-flex ${disabled ? 'pointer-events-none opacity-50' : 'cursor-pointer'}`}
        aria-disabled={disabled}
      >
        Add Photos
      </label>
      <input
        id={fileId}
        type="file"
        accept="image/*"
        multiple
        className="sr-only"
        disabled={disabled}
        onChange={onFiles}
        aria-label="Add Photos"
      />
    </div>
  );
}
