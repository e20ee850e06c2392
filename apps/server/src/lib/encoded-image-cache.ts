import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Encoded images kept by what they were encoded from: a directory of `{sha256}.webp` files, the key
 * covering the input's bytes and everything else the output depends on (sharp's and libvips' versions
 * and the encoding's options, given as `recipe`). A hit is the very bytes an encoding would give.
 * Used by the demo seed when DEMO_PICTURE_CACHE_DIR is set (`npm test` seeds three times,
 * decision 0090); never by uploads.
 */
export type EncodedImageCache = {
  get(input: Buffer): Promise<Buffer | null>;
  put(input: Buffer, encoded: Buffer): Promise<void>;
};

export function createEncodedImageCache(dir: string, recipe: string): EncodedImageCache {
  const file = (input: Buffer) =>
    path.join(dir, `${createHash('sha256').update(recipe).update('\0').update(input).digest('hex')}.webp`);
  return {
    async get(input) {
      return readFile(file(input)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
    },
    async put(input, encoded) {
      await mkdir(dir, { recursive: true });
      // Written aside and renamed: processes seeding at the same moment never read half a file.
      const target = file(input);
      const aside = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(aside, encoded);
      await rename(aside, target);
    },
  };
}
