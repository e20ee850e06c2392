import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MAX_IMAGE_UPLOAD_BYTES } from '@zevar/domain';

/**
 * Multipart uploads (`request.file()`), in the scope that calls this only: the route files that take
 * a file register it for their own routes. `@fastify/multipart` adds an `async` `onResponse` hook
 * (it deletes the temporary files of its disk mode, which no route uses) to every request of the
 * scope it is registered in; at the root, every cached read paid a promise, its async hooks and
 * Fastify's `onResponse` runner for it (decision 0096). A multipart body sent to a route outside
 * these scopes is refused like any other type the route does not take (415).
 */
export async function acceptUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_UPLOAD_BYTES, files: 1, fields: 10 } });
}
