import {
  IMPORT_MESSAGES,
  MAX_IMPORT_BYTES,
  importReportSchema,
  type ImportProgressLine,
  type ImportReport,
} from '@zevar/domain';
import { ApiError, authHeaders, buildUrl, toApiError } from './api';

export type ImportProgress =
  /** The file going up (percent of its bytes). */
  | { phase: 'upload'; percent: number }
  /** Uploaded; the server reads and checks it. */
  | { phase: 'check' }
  /** The server writing products (apply only). */
  | { phase: 'write'; done: number; total: number };

/**
 * Sends a product sheet as multipart field `file` with XMLHttpRequest (only it reports upload
 * progress), and reads the apply's streamed NDJSON answer as it arrives (its progress lines).
 */
function send(
  path: string,
  file: File,
  onProgress: (p: ImportProgress) => void,
  query?: Record<string, string>,
): Promise<string> {
  if (file.size > MAX_IMPORT_BYTES)
    return Promise.reject(new ApiError(413, 'PAYLOAD_TOO_LARGE', IMPORT_MESSAGES.tooLarge));
  const url = buildUrl(path, query);
  const form = new FormData();
  form.append('file', file);
  return new Promise<string>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(authHeaders(url))) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0)
        onProgress({ phase: 'upload', percent: Math.min(100, Math.round((e.loaded / e.total) * 100)) });
    });
    xhr.upload.addEventListener('load', () => onProgress({ phase: 'check' }));
    let seen = 0;
    xhr.addEventListener('progress', () => {
      if (xhr.status !== 200 || !xhr.getResponseHeader('content-type')?.includes('ndjson')) return;
      const text = xhr.responseText;
      const end = text.lastIndexOf('\n');
      if (end < seen) return;
      for (const raw of text.slice(seen, end).split('\n')) {
        if (!raw.trim()) continue;
        const line = JSON.parse(raw) as ImportProgressLine;
        if (line.type === 'progress') onProgress({ phase: 'write', done: line.done, total: line.total });
      }
      seen = end + 1;
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.responseText);
      else reject(toApiError(xhr.status, xhr.responseText, xhr.statusText));
    });
    xhr.addEventListener('error', () => reject(toApiError(0, '')));
    xhr.addEventListener('abort', () => reject(toApiError(0, '')));
    xhr.send(form);
  });
}

/** The dry run: what each row would do, and every error with its row and column. */
export async function checkProductSheet(
  file: File,
  onProgress: (p: ImportProgress) => void,
): Promise<ImportReport> {
  return importReportSchema.parse(JSON.parse(await send('/products/import/check', file, onProgress)));
}

/** The apply of a checked file (all or nothing); rejects with the server's reason when nothing was applied. */
export async function applyProductSheet(
  file: File,
  checksum: string,
  onProgress: (p: ImportProgress) => void,
): Promise<ImportReport> {
  const text = await send('/products/import/apply', file, onProgress, { checksum });
  const lines = text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as ImportProgressLine);
  const last = lines[lines.length - 1];
  if (last?.type === 'report') return importReportSchema.parse(last.report);
  if (last?.type === 'failed') throw new ApiError(409, last.code, last.message);
  throw new ApiError(500, 'INTERNAL', 'The import ended without an answer; nothing was applied');
}
