import { createContext, useContext } from 'react';

export interface ImageUploadApi {
  /** Uploads with the 'Uploading Image' progress dialog; resolves with the stored name. */
  upload: (file: File) => Promise<string>;
}

export const ImageUploadContext = createContext<ImageUploadApi | null>(null);

export function useImageUpload(): ImageUploadApi {
  const api = useContext(ImageUploadContext);
  if (!api) throw new Error('useImageUpload must be used inside <UploadProgressProvider>');
  return api;
}
