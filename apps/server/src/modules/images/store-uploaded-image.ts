import type { FastifyRequest } from 'fastify';
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_UPLOAD_BYTES } from '@zevar/domain';
import type { AppContext } from '../../context';
import { AppError, badRequest } from '../../lib/errors';
import { NotAnImageError, sniffImageType } from '../../lib/image-store';
import { isStorageFull } from '../../lib/blob-storage';

export const UPLOAD_NOT_IMAGE = 'Only JPEG, PNG and WebP images are allowed';
export const UPLOAD_STORAGE_FULL =
  'The image could not be saved: the shop has run out of storage space. Please try again later.';

function isTooLarge(err: unknown): boolean {
  const e = err as { code?: string; statusCode?: number } | null;
  return e?.code === 'FST_REQ_FILE_TOO_LARGE' || e?.statusCode === 413;
}

/**
 * Reads the multipart field `file`, decides by content (JPEG, PNG or WebP only), re-encodes it with
 * sharp (metadata and any trailing payload dropped) and stores it under a name of our choosing.
 * Shared by every upload route (catalogue and review photos); callers decide who may upload.
 */
export async function storeUploadedImage(
  request: FastifyRequest,
  ctx: Pick<AppContext, 'images' | 'log'>,
): Promise<string> {
  const buffer = await readUploadedFile(request, IMAGE_TOO_LARGE_MESSAGE, 'Please choose an image to upload');
  if (!sniffImageType(buffer)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_NOT_IMAGE);
  return saveImage(buffer, ctx);
}

/**
 * The multipart field `file` as bytes (at most MAX_IMAGE_UPLOAD_BYTES: the multipart plugin's limit
 * for every upload), refusing a missing, empty, unreadable or oversized one.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  tooLarge: string,
  missing: string,
): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data field "file"');
  let buffer: Buffer;
  try {
    const part = await request.file({ limits: { fileSize: MAX_IMAGE_UPLOAD_BYTES, files: 1 } });
    if (!part || part.fieldname !== 'file') throw badRequest(missing);
    buffer = await part.toBuffer();
    if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', tooLarge);
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (isTooLarge(err)) throw new AppError('PAYLOAD_TOO_LARGE', tooLarge);
    throw badRequest('The upload could not be read');
  }
  if (buffer.length === 0) throw badRequest('The file is empty');
  return buffer;
}

/** Re-encodes and stores bytes already known to carry an image signature. */
export async function saveImage(buffer: Buffer, ctx: Pick<AppContext, 'images' | 'log'>): Promise<string> {
  try {
    return await ctx.images.saveEncoded(buffer);
  } catch (err) {
    if (err instanceof NotAnImageError)
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a valid image');
    throw storageFailure(err, ctx);
  }
}

/** A storage failure as the uploader should see it: 507 when the storage is full. */
export function storageFailure(err: unknown, ctx: Pick<AppContext, 'log'>): unknown {
  if (isStorageFull(err)) {
    ctx.log.error({ err }, 'upload storage is full: an upload was refused');
    return new AppError('INSUFFICIENT_STORAGE', UPLOAD_STORAGE_FULL);
  }
  return err;
}
