import { randomBytes } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { CERTIFICATE_PDF_NAME } from '@zevar/domain';
import type { Config } from '../env';
import { createLocalStorage, createS3Storage, type BlobStorage } from './blob-storage';
import { createEncodedImageCache, type EncodedImageCache } from './encoded-image-cache';

// libvips' operation cache (up to 50 MB of decoded results by default) never pays here: every image
// is encoded once and then served from storage, so it only holds memory (decision 0066).
sharp.cache(false);

/** Stored names are ours alone: 32 hex characters and .webp; anything else is refused. */
export const IMAGE_NAME_PATTERN = /^[a-f0-9]{32}\.webp$/;
export const MAX_IMAGE_DIMENSION = 2000;
/** Widths the storefront asks for in `srcset` (a phone's card, a phone's full width, a desktop). */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
const IMAGE_TYPE = 'image/webp';
const AVIF_TYPE = 'image/avif';
const PDF_TYPE = 'application/pdf';
const AVIF_BACKLOG = 16;

/** A variant as served: its bytes, its type, and whether it is the final answer for that request. */
export type ImageVariant = { data: Buffer; contentType: string; final: boolean };

/** What the bytes are, by their signature: only JPEG, PNG and WebP count as images here (never SVG). */
export function sniffImageType(buf: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/** The configured storage: S3-compatible when S3_BUCKET is set, else DATA_DIR/uploads. */
export function createStorage(config: Config): BlobStorage {
  if (config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
    });
  }
  return createLocalStorage(path.resolve(config.DATA_DIR, 'uploads'));
}

const newName = () => `${randomBytes(16).toString('hex')}.webp`;

/** The upload's bytes are not an image sharp can read (as opposed to a storage failure). */
export class NotAnImageError extends Error {
  constructor(cause: unknown) {
    super('not a readable image', { cause });
  }
}

const ENCODING = {
  input: { limitInputPixels: 40_000_000 },
  resize: {
    width: MAX_IMAGE_DIMENSION,
    height: MAX_IMAGE_DIMENSION,
    fit: 'inside',
    withoutEnlargement: true,
  },
  webp: { quality: 82 },
} as const;

/** WebP, metadata stripped, at most MAX_IMAGE_DIMENSION on each side. */
const encode = (input: Buffer) =>
  sharp(input, ENCODING.input).rotate().resize(ENCODING.resize).webp(ENCODING.webp).toBuffer();

/**
 * A cache of `saveEncoded`'s encodings in `dir`, keyed by the input's bytes, this encoding's options
 * and the versions of sharp and the libraries under it: a hit is what encoding would give.
 */
export function encodedImageCacheIn(dir: string): EncodedImageCache {
  return createEncodedImageCache(dir, JSON.stringify({ versions: sharp.versions, encoding: ENCODING }));
}

/**
 * Images on top of a storage: only names of our own making are read, written or deleted. With an
 * `encodedCache` (the demo seed under `npm test` only: DEMO_PICTURE_CACHE_DIR), `saveEncoded` takes an
 * input's encoding from it when there and keeps it there when not.
 */
export function createImageStore(storage: BlobStorage, options: { encodedCache?: EncodedImageCache } = {}) {
  const { encodedCache } = options;
  async function encodeOrReuse(input: Buffer): Promise<Buffer> {
    const kept = encodedCache && (await encodedCache.get(input));
    if (kept) return kept;
    const output = await encode(input).catch((err: unknown) => {
      throw new NotAnImageError(err);
    });
    await encodedCache?.put(input, output);
    return output;
  }
  const valid = (name: string) => IMAGE_NAME_PATTERN.test(name);
  const webpKey = (name: string, width: ImageWidth) => `w${width}-${name}`;
  const avifKey = (name: string, width: ImageWidth) => `w${width}-${name.replace(/\.webp$/, '.avif')}`;
  /** AVIF copies being encoded by this process, by key, so a burst of requests encodes each once. */
  const making = new Map<string, Promise<void>>();

  async function webpVariant(name: string, width: ImageWidth): Promise<Buffer | null> {
    const key = webpKey(name, width);
    const kept = await storage.get(key);
    if (kept) return kept;
    const original = await storage.get(name);
    if (!original) return null;
    const made = await sharp(original)
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    await storage.put(key, made, IMAGE_TYPE);
    return made;
  }

  /**
   * AVIF encoding is slow and shares sharp's few threads with uploads, so copies are made one at a
   * time, and at most AVIF_BACKLOG wait; the rest are asked for again by a later request.
   */
  let avifChain: Promise<void> = Promise.resolve();
  function makeAvifLater(name: string, width: ImageWidth, webp: Buffer): void {
    const key = avifKey(name, width);
    if (making.has(key) || making.size >= AVIF_BACKLOG) return;
    const job = avifChain
      .then(() => sharp(webp).avif({ quality: 55, effort: 2 }).toBuffer())
      .then((avif) => storage.put(key, avif, AVIF_TYPE))
      // Best effort: the WebP copy keeps answering, and the next request tries again.
      .catch(() => undefined)
      .finally(() => making.delete(key));
    avifChain = job;
    making.set(key, job);
  }

  return {
    contentType: IMAGE_TYPE,
    /**
     * Re-encodes any image sharp can read to WebP (metadata stripped, bounded size) and stores it.
     * Throws `NotAnImageError` when sharp cannot read it; a storage failure is thrown as it is.
     */
    async saveEncoded(input: Buffer): Promise<string> {
      const output = await encodeOrReuse(input);
      const name = newName();
      await storage.put(name, output, IMAGE_TYPE);
      return name;
    },
    /** A copy under a new name, so each row that uses the picture owns its own file. */
    async copy(name: string): Promise<string> {
      const data = valid(name) ? await storage.get(name) : null;
      if (!data) throw new Error(`no image ${name} to copy`);
      const copy = newName();
      await storage.put(copy, data, IMAGE_TYPE);
      return copy;
    },
    async read(name: string): Promise<Buffer | null> {
      return valid(name) ? storage.get(name) : null;
    },
    /**
     * A narrower copy made by sharp on first request and kept in the same storage
     * (`w{width}-{name}`); the original's width when it is already that narrow. For a browser that
     * takes AVIF, the AVIF copy (`w{width}-{stem}.avif`, about a third smaller) once it exists: it is
     * slow to encode, so it is made in the background and the WebP copy answers meanwhile
     * (`final: false`, so the answer is not cached for long).
     */
    async readVariant(name: string, width: ImageWidth, acceptsAvif = false): Promise<ImageVariant | null> {
      if (!valid(name)) return null;
      if (acceptsAvif) {
        const avif = await storage.get(avifKey(name, width));
        if (avif) return { data: avif, contentType: AVIF_TYPE, final: true };
      }
      const webp = await webpVariant(name, width);
      if (!webp) return null;
      if (acceptsAvif) makeAvifLater(name, width, webp);
      return { data: webp, contentType: IMAGE_TYPE, final: !acceptsAvif };
    },
    /** Settles when the AVIF copies being made in the background are stored (tests, shutdown). */
    async settled(): Promise<void> {
      await Promise.all([...making.values()]);
    },
    async exists(name: string): Promise<boolean> {
      return valid(name) ? storage.exists(name) : false;
    },
    /**
     * A certificate PDF, stored as uploaded (after `checkPdf`; never rewritten, so a lab's digital
     * signature stays valid) under a name of ours, `{32 hex}.pdf`, in the same storage as images.
     */
    async savePdf(input: Buffer): Promise<string> {
      const name = `${randomBytes(16).toString('hex')}.pdf`;
      await storage.put(name, input, PDF_TYPE);
      return name;
    },
    async readPdf(name: string): Promise<Buffer | null> {
      return CERTIFICATE_PDF_NAME.test(name) ? storage.get(name) : null;
    },
    async remove(name: string): Promise<boolean> {
      if (!valid(name)) return false;
      await Promise.all(
        IMAGE_WIDTHS.flatMap((w) => [storage.remove(webpKey(name, w)), storage.remove(avifKey(name, w))]),
      );
      return storage.remove(name);
    },
  };
}
export type ImageStore = ReturnType<typeof createImageStore>;
