import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createLocalStorage } from './blob-storage';
import { createEncodedImageCache } from './encoded-image-cache';
import { createImageStore, encodedImageCacheIn, NotAnImageError } from './image-store';

const tempDir = (label: string) => mkdtempSync(path.join(os.tmpdir(), `zevar-${label}-`));
const svg = (fill: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="${fill}"/></svg>`,
  );
const cachedFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.webp'));

describe('saveEncoded with a cache of encodings (the demo seed under npm test, decision 0090)', () => {
  it('on a miss encodes as without a cache, stores that, and keeps the same bytes in the cache', async () => {
    const plain = createImageStore(createLocalStorage(tempDir('plain')));
    const cacheDir = tempDir('cache');
    const cached = createImageStore(createLocalStorage(tempDir('cached')), {
      encodedCache: encodedImageCacheIn(cacheDir),
    });
    const expected = await plain.read(await plain.saveEncoded(svg('#c9a227')));
    const stored = await cached.read(await cached.saveEncoded(svg('#c9a227')));
    expect(stored).toEqual(expected);
    expect((await sharp(stored!).metadata()).format).toBe('webp');
    const files = cachedFiles(cacheDir);
    expect(files).toHaveLength(1);
    expect(readFileSync(path.join(cacheDir, files[0]!))).toEqual(expected);
    // Nothing half-written is left beside it.
    expect(readdirSync(cacheDir)).toEqual(files);
  });

  it('on a hit stores the cached bytes without encoding again, each time under a new name', async () => {
    const cacheDir = tempDir('cache');
    const store = createImageStore(createLocalStorage(tempDir('hit')), {
      encodedCache: encodedImageCacheIn(cacheDir),
    });
    await store.saveEncoded(svg('#aaaaaa'));
    // Put another picture's encoding where the cache keeps this input's: a store that encoded
    // would not give it back.
    const other = await store.read(await store.saveEncoded(svg('#112233')));
    const [file] = cachedFiles(cacheDir).filter((f) => !readFileSync(path.join(cacheDir, f)).equals(other!));
    writeFileSync(path.join(cacheDir, file!), other!);
    const first = await store.saveEncoded(svg('#aaaaaa'));
    const second = await store.saveEncoded(svg('#aaaaaa'));
    expect(first).not.toBe(second);
    expect(await store.read(first)).toEqual(other);
    expect(await store.read(second)).toEqual(other);
  });

  it('keys by the input bytes and the recipe (versions and options), not by anything else', async () => {
    const dir = tempDir('keys');
    const a = createEncodedImageCache(dir, 'recipe A');
    const b = createEncodedImageCache(dir, 'recipe B');
    await a.put(svg('#000000'), Buffer.from('encoded by A'));
    expect(await a.get(svg('#000000'))).toEqual(Buffer.from('encoded by A'));
    expect(await a.get(svg('#000001'))).toBeNull();
    expect(await b.get(svg('#000000'))).toBeNull();
    // A cache directory that does not exist yet is a miss, then made on the first put.
    const fresh = createEncodedImageCache(path.join(dir, 'not', 'yet'), 'recipe A');
    expect(await fresh.get(svg('#000000'))).toBeNull();
    await fresh.put(svg('#000000'), Buffer.from('x'));
    expect(await fresh.get(svg('#000000'))).toEqual(Buffer.from('x'));
  });

  it('still refuses what is not an image, and caches nothing for it', async () => {
    const cacheDir = tempDir('cache');
    const store = createImageStore(createLocalStorage(tempDir('refuse')), {
      encodedCache: encodedImageCacheIn(cacheDir),
    });
    await expect(store.saveEncoded(Buffer.from('not an image at all'))).rejects.toBeInstanceOf(
      NotAnImageError,
    );
    expect(readdirSync(cacheDir)).toEqual([]);
  });
});
