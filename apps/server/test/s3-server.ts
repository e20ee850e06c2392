import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Options } from '../src/lib/blob-storage';

/** A local S3-compatible server (s3rver) with one bucket, for storage tests. */
export async function startS3Server(bucket = 'zevar-test'): Promise<{
  options: S3Options;
  endpoint: string;
  close: () => Promise<void>;
}> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'zevar-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    options: {
      bucket,
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
