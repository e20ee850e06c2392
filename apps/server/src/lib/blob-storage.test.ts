import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, createS3Storage, isStorageFull, type BlobStorage } from './blob-storage';
import { createImageStore } from './image-store';
import { startS3Server } from '../../test/s3-server';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The contract every storage keeps; each implementation runs the same cases. */
function storageContract(
  name: string,
  open: () => Promise<{ storage: BlobStorage; close: () => Promise<void> }>,
) {
  describe(`${name} storage`, () => {
    let storage: BlobStorage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await open());
    });
    afterAll(async () => close());

    it('gives back exactly the bytes that were put', async () => {
      const bytes = Buffer.from([0, 1, 2, 250, 255]);
      await storage.put('a1.bin', bytes, 'application/octet-stream');
      expect(await storage.get('a1.bin')).toEqual(bytes);
      expect(await storage.exists('a1.bin')).toBe(true);
    });

    it('answers null and false for a key that was never stored', async () => {
      expect(await storage.get('never.bin')).toBeNull();
      expect(await storage.exists('never.bin')).toBe(false);
      expect(await storage.remove('never.bin')).toBe(false);
    });

    it('removes an object once', async () => {
      await storage.put('gone.bin', Buffer.from('x'), 'application/octet-stream');
      expect(await storage.remove('gone.bin')).toBe(true);
      expect(await storage.get('gone.bin')).toBeNull();
      expect(await storage.remove('gone.bin')).toBe(false);
    });

    it('keeps images re-encoded under names of its own, and refuses any other name', async () => {
      const images = createImageStore(storage);
      const name = await images.saveEncoded(PNG_1PX);
      expect(name).toMatch(/^[a-f0-9]{32}\.webp$/);
      const stored = await images.read(name);
      expect(stored?.toString('latin1', 8, 12)).toBe('WEBP');
      const copy = await images.copy(name);
      expect(copy).not.toBe(name);
      expect(await images.read(copy)).toEqual(stored);
      expect(await images.read('../secret.webp')).toBeNull();
      expect(await images.exists('a1.bin')).toBe(false);
      expect(await images.remove(name)).toBe(true);
      expect(await images.exists(name)).toBe(false);
    });
  });
}

storageContract('local disk', async () => ({
  storage: createLocalStorage(mkdtempSync(path.join(os.tmpdir(), 'zevar-blobs-'))),
  close: async () => undefined,
}));

storageContract('S3-compatible', async () => {
  const s3 = await startS3Server();
  return { storage: createS3Storage({ ...s3.options, prefix: 'images/' }), close: s3.close };
});

describe('a storage with no room left', () => {
  it('is recognised from an S3-compatible service answering 507 in its documented error shape', async () => {
    // MinIO's answer when its drives are full (S3 error XML, HTTP 507 Insufficient Storage).
    const stub = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(507, { 'content-type': 'application/xml' });
        res.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>XMinioStorageFull</Code>' +
            '<Message>Storage backend has reached its minimum free drive threshold.</Message>' +
            '<Key>a.webp</Key><BucketName>zevar</BucketName><RequestId>1</RequestId></Error>',
        );
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = stub.address() as AddressInfo;
      const storage = createS3Storage({
        bucket: 'zevar',
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      });
      const err = await storage.put('a.webp', Buffer.from('x'), 'image/webp').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(isStorageFull(err)).toBe(true);
    } finally {
      await new Promise((resolve) => stub.close(resolve));
    }
  });

  it('is recognised from the local disk (ENOSPC, EDQUOT), and nothing else is', () => {
    const fsError = (code: string) => Object.assign(new Error(`${code}: write`), { code });
    expect(isStorageFull(fsError('ENOSPC'))).toBe(true);
    expect(isStorageFull(fsError('EDQUOT'))).toBe(true);
    expect(isStorageFull(fsError('EACCES'))).toBe(false);
    expect(isStorageFull(new Error('Input buffer contains unsupported image format'))).toBe(false);
    expect(isStorageFull(null)).toBe(false);
  });
});
