import { mkdirSync } from 'node:fs';
import { access, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as S3 from '@aws-sdk/client-s3';
import { loadOnUse } from './load-on-use';

/**
 * Where uploaded files live: the local disk of one process, or S3-compatible object storage that
 * every process shares. Keys are flat names the caller has already validated.
 */
export type BlobStorage = {
  kind: 'local' | 's3';
  put: (key: string, body: Buffer, contentType: string) => Promise<void>;
  /** The bytes, or null when there is no such object. */
  get: (key: string) => Promise<Buffer | null>;
  exists: (key: string) => Promise<boolean>;
  /** Whether an object was there to delete. */
  remove: (key: string) => Promise<boolean>;
};

/**
 * The storage has no room for the object: a full disk or quota on local storage (ENOSPC, EDQUOT),
 * or an S3-compatible service saying so (507 Insufficient Storage, MinIO's XMinioStorageFull, a
 * quota error). Callers answer 507 rather than blaming the upload.
 */
export function isStorageFull(err: unknown): boolean {
  const e = err as {
    code?: unknown;
    name?: unknown;
    Code?: unknown;
    $metadata?: { httpStatusCode?: number };
  };
  if (!e || typeof e !== 'object') return false;
  if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return true;
  if (e.$metadata?.httpStatusCode === 507) return true;
  const name = typeof e.name === 'string' ? e.name : typeof e.Code === 'string' ? e.Code : '';
  return /^(XMinioStorageFull|QuotaExceeded|InsufficientStorage|StorageFull)$/.test(name);
}

export function createLocalStorage(dir: string): BlobStorage {
  const root = path.resolve(dir);
  mkdirSync(root, { recursive: true });
  const file = (key: string) => path.join(root, key);
  return {
    kind: 'local',
    put: (key, body) => writeFile(file(key), body),
    get: (key) => readFile(file(key)).catch(() => null),
    exists: (key) =>
      access(file(key)).then(
        () => true,
        () => false,
      ),
    remove: (key) =>
      unlink(file(key)).then(
        () => true,
        () => false,
      ),
  };
}

export type S3Options = {
  bucket: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Optional key prefix, so one bucket can hold several environments. */
  prefix?: string;
  /** Tests pass credentials; in production the SDK reads the usual AWS variables and profiles. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

function isMissing(err: unknown, { NoSuchKey, NotFound }: typeof S3): boolean {
  if (err instanceof NoSuchKey || err instanceof NotFound) return true;
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

export function createS3Storage(opts: S3Options): BlobStorage {
  const sdk = loadOnUse('@aws-sdk/client-s3') as typeof S3;
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } = sdk;
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials: opts.credentials,
  });
  const Bucket = opts.bucket;
  const keyOf = (key: string) => `${opts.prefix ?? ''}${key}`;
  const exists = async (key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
      return true;
    } catch (err) {
      if (isMissing(err, sdk)) return false;
      throw err;
    }
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: keyOf(key), Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!res.Body) return null;
        return Buffer.from(await res.Body.transformToByteArray());
      } catch (err) {
        if (isMissing(err, sdk)) return null;
        throw err;
      }
    },
    exists,
    async remove(key) {
      // S3 answers a delete of a missing key with success, so ask first to report it honestly.
      if (!(await exists(key))) return false;
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
      return true;
    },
  };
}
