import { createContext, useContext } from 'react';

export interface ImageUploadApi {
  /**
   * Uploads with the 'Uploading Image' progress dialog; resolves with the stored name. `path` is
   * another upload route (a certificate's PDF or photo: CERTIFICATE_UPLOAD_PATH).
   */
  upload: (file: File, path?: string) => Promise<string>;
}

export const ImageUploadContext = createContext<ImageUploadApi | null>(null);

export function useImageUpload(): ImageUploadApi {
  const api = useContext(ImageUploadContext);
  if (!api) throw new Error('useImageUpload must be used inside <UploadProgressProvider>');
  return api;
}
