import { useId, useState, type ChangeEvent } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { MAX_REVIEW_PHOTOS } from '@zevar/domain';
import { Modal } from '../../../components/Modal';
import { Stars } from '../../../components/Stars';
import { TextAreaField, TextField } from '../../../components/FormFields';
import { ImageWithFallback } from '../../../components/ImageWithFallback';
import { useImageUpload } from '../../../components/upload/upload-context';
import { useUnsavedChangesGuard } from '../../../components/unsaved-changes';
import { StaleEditNotice } from '../../../components/StaleEditNotice';
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
  /** Someone else saved this review first: the fields hold their newer values. */
  stale?: boolean;
}

/** The review rules (review-form-model) as a react-hook-form resolver. */
const reviewResolver: Resolver<ReviewDraft> = async (values) => {
  const found = validateDraft(values);
  if (Object.keys(found).length === 0) return { values, errors: {} };
  const errors: FieldErrors<ReviewDraft> = {};
  for (const [name, message] of Object.entries(found))
    errors[name as keyof ReviewDraft] = { type: 'validate', message };
  return { values: {}, errors };
};

/**
 * The review form (both 'Write a Review' and 'Update Review') on react-hook-form; photos are uploaded
 * before they are listed, and each upload adds to the form's current photos (never to a copy taken
 * before the await). Unsaved input is asked about before Cancel, Escape or a backdrop click.
 */
export function ReviewFormModal({
  title,
  initial,
  submitLabel,
  submitting,
  onSubmit,
  onCancel,
  onUploadError,
  stale = false,
}: ReviewFormModalProps) {
  const titleId = useId();
  const fileId = useId();
  const { upload } = useImageUpload();
  const { control, register, handleSubmit, getValues, setValue, formState } = useForm<ReviewDraft>({
    defaultValues: initial,
    // Messages as soon as a field is changed or left, as before the move to the form library.
    mode: 'all',
    resolver: reviewResolver,
  });
  const { confirmDiscard } = useUnsavedChangesGuard(formState.isDirty && !submitting);
  const dismiss = () => void confirmDiscard().then((discard) => discard && onCancel());
  const [uploading, setUploading] = useState(false);
  const draft = useWatch({ control }) as ReviewDraft;
  const photos = draft.photos ?? [];
  const { errors } = formState;
  const full = photos.length >= MAX_REVIEW_PHOTOS;
  const canSubmit = isValidDraft({ ...draft, photos }) && !submitting && !uploading;

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []).slice(0, MAX_REVIEW_PHOTOS - photos.length);
    event.target.value = '';
    setUploading(true);
    try {
      for (const file of files) {
        const name = await upload(file);
        const now = getValues('photos');
        if (now.length < MAX_REVIEW_PHOTOS) setValue('photos', [...now, name], { shouldDirty: true });
      }
    } catch (err) {
      onUploadError?.(err);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Modal labelledBy={titleId} onDismiss={submitting ? undefined : dismiss} className="max-w-lg">
      <form
        onSubmit={(event) => void handleSubmit((values) => onSubmit(values))(event)}
        noValidate
        className="space-y-4"
      >
        <h2 id={titleId} className="text-xl font-semibold">
          {title}
        </h2>
        <StaleEditNotice show={stale} />
        <div>
          <span className="label label-required">Rating</span>
          <Controller
            control={control}
            name="rating"
            render={({ field }) => (
              <Stars
                rating={field.value}
                onChange={(rating) => {
                  field.onChange(rating);
                  field.onBlur();
                }}
              />
            )}
          />
          {errors.rating && (
            <p className="field-error" role="alert">
              {errors.rating.message}
            </p>
          )}
        </div>
        <TextField label="Name" required maxLength={100} error={errors.name?.message} {...register('name')} />
        <TextAreaField
          label="Review"
          required
          maxLength={2000}
          error={errors.comment?.message}
          {...register('comment')}
        />
        <PhotoField
          fileId={fileId}
          photos={photos}
          disabled={full || uploading}
          onFiles={(event) => void onFiles(event)}
          onRemove={(i) =>
            setValue(
              'photos',
              getValues('photos').filter((_, j) => j !== i),
              { shouldDirty: true },
            )
          }
        />
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-outline" onClick={dismiss} disabled={submitting}>
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
