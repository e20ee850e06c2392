import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** Stored names are ours alone: 32 hex characters and .webp; anything else is refused. */
export const IMAGE_NAME_PATTERN = /^[a-f0-9]{32}\.webp$/;
export const MAX_IMAGE_DIMENSION = 2000;

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
        .resize({ width: MAX_IMAGE_DIMENSION, height: MAX_IMAGE_DIMENSION, fit: 'inside', withoutEnlargement: true })
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
