import { useId, useState, type ChangeEvent } from 'react';
import { ImageWithFallback } from './ImageWithFallback';
import { useImageUpload } from './upload/upload-context';
import { useDialog } from './dialog/dialog-context';
import { TITLE, UPLOAD_FAILED } from '../lib/admin-messages';
import { failure } from '../lib/error-text';

export interface ImagePickerProps {
  label: string;
  /** Placeholder text shown in the empty preview (for example 'Upload category image'). */
  placeholder: string;
  value: string | null;
  onChange: (storedName: string | null) => void;
  required?: boolean;
  className?: string;
}

/** Picks one image, uploads it at once (with the 'Uploading Image' dialog) and previews the stored image. */
export function ImagePicker({
  label,
  placeholder,
  value,
  onChange,
  required,
  className = '',
}: ImagePickerProps) {
  const id = useId();
  const uploader = useImageUpload();
  const dialog = useDialog();
  const [busy, setBusy] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      onChange(await uploader.upload(file));
    } catch (err) {
      await dialog.error(TITLE.error, failure(UPLOAD_FAILED, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={className}>
      <label htmlFor={id} className={`label ${required ? 'label-required' : ''}`}>
        {label}
      </label>
      <label
        htmlFor={id}
        className="flex h-36 cursor-pointer items-center justify-center overflow-hidden rounded-md border-2 border-dashed border-sand bg-ivory text-sm text-taupe hover:border-gold-400"
      >
        {value ? (
          <ImageWithFallback src={value} alt={`${label} preview`} className="h-full w-full object-contain" />
        ) : (
          <span>{busy ? 'Uploading...' : placeholder}</span>
        )}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        onChange={(event) => void onFile(event)}
        disabled={busy}
      />
      {value && (
        <button type="button" className="btn-ghost mt-1 text-xs" onClick={() => onChange(null)}>
          Remove image
        </button>
      )}
    </div>
  );
}
