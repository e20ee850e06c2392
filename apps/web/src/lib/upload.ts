import {
  CERTIFICATE_TOO_LARGE_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  MAX_IMAGE_UPLOAD_BYTES,
} from '@zevar/domain';
import { ApiError, authHeaders, buildUrl, toApiError } from './api';

export const IMAGE_UPLOAD_PATH = '/image/uploads';
/** A product certificate's file: the lab's PDF or a photo (decision 0069). */
export const CERTIFICATE_UPLOAD_PATH = '/certificate/uploads';

/**
 * Uploads one image as multipart field `file` to POST /api/image/uploads and resolves with the stored
 * name the server answers as text. XMLHttpRequest (not fetch) because only it reports upload progress.
 * onProgress receives whole percentages, 0 to 100. Failures reject with an ApiError. `path` lets the
 * public review-photo upload (POST /api/image/review-uploads) share this. A file past the server's
 * limit is refused here with the server's own 413 answer, without sending megabytes first.
 */
export function uploadImage(
  file: File,
  onProgress?: (percent: number) => void,
  path: string = IMAGE_UPLOAD_PATH,
): Promise<string> {
  if (file.size > MAX_IMAGE_UPLOAD_BYTES)
    return Promise.reject(
      new ApiError(
        413,
        'PAYLOAD_TOO_LARGE',
        path === CERTIFICATE_UPLOAD_PATH ? CERTIFICATE_TOO_LARGE_MESSAGE : IMAGE_TOO_LARGE_MESSAGE,
      ),
    );
  const url = buildUrl(path);
  const form = new FormData();
  form.append('file', file);

  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(authHeaders(url))) xhr.setRequestHeader(name, value);

    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(parseStoredName(xhr.responseText));
      } else {
        reject(toApiError(xhr.status, xhr.responseText, xhr.statusText));
      }
    });
    xhr.addEventListener('error', () => reject(toApiError(0, '')));
    xhr.addEventListener('abort', () => reject(toApiError(0, '')));
    xhr.send(form);
  });
}

/** The answer is the stored name as text; tolerate a JSON-quoted string too. */
function parseStoredName(text: string): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('"') && trimmed.endsWith('"')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (typeof value === 'string') return value;
    } catch {
      // Use the raw text below.
    }
  }
  return trimmed;
}
