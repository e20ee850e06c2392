import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** Stored names are ours alone: 32 hex characters and .webp; anything else is refused. */
export const IMAGE_NAME_PATTERN = /^[a-f0-9]{32}\.webp$/;
export const MAX_IMAGE_DIMENSION = 2000;

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

export function createImageStore(dataDir: string) {
  const dir = path.resolve(dataDir, 'uploads');
  mkdirSync(dir, { recursive: true });

  function pathOf(name: string): string | null {
    return IMAGE_NAME_PATTERN.test(name) ? path.join(dir, name) : null;
  }

  return {
    dir,
    pathOf,
    /** Re-encodes any image sharp can read to WebP (metadata stripped, bounded size) and stores it. */
    async saveEncoded(input: Buffer): Promise<string> {
      const output = await sharp(input, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize({
          width: MAX_IMAGE_DIMENSION,
          height: MAX_IMAGE_DIMENSION,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 82 })
        .toBuffer();
      const name = `${randomBytes(16).toString('hex')}.webp`;
      await writeFile(path.join(dir, name), output);
      return name;
    },
    async read(name: string): Promise<Buffer | null> {
      const file = pathOf(name);
      if (!file) return null;
      return readFile(file).catch(() => null);
    },
    async remove(name: string): Promise<boolean> {
      const file = pathOf(name);
      if (!file) return false;
      return unlink(file).then(
        () => true,
        () => false,
      );
    },
  };
}
export type ImageStore = ReturnType<typeof createImageStore>;
