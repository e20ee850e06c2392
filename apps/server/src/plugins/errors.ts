import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '@zevar/domain';
import { AppError } from '../lib/errors';
import { isRedisOutage } from '../lib/redis';
import { isStatementCancelled } from '../lib/db-errors';

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  return 'BAD_REQUEST';
}

function busy(reply: FastifyReply) {
  return reply
    .status(503)
    .header('retry-after', '5')
    .send({ code: 'UNAVAILABLE', message: 'The service is busy. Please try again in a few seconds.' });
}

/** One error shape, `{ code, message, issues? }`, for every failure; 5xx details are logged, never sent. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody & Record<string, unknown> = { code: error.code, message: error.message };
      if (error.issues) body.issues = error.issues;
      if (error.details) Object.assign(body, error.details);
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const issuePath = (v.params as { issue?: { path?: PropertyKey[] } } | undefined)?.issue?.path;
        const path = issuePath?.length
          ? issuePath.map(String).join('.')
          : v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return { path, message: v.message ?? 'Invalid input' };
      });
      const where = error.validationContext ?? 'request';
      return reply.status(400).send({ code: 'VALIDATION', message: `Invalid ${where}`, issues });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
      return reply.status(500).send({ code: 'INTERNAL', message: 'Something went wrong. Please try again.' });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Malformed JSON in request body'
          : error.message;
      return reply.status(status).send({ code: codeForStatus(status), message });
    }
    if (isRedisOutage(error)) {
      request.log.warn({ err: error }, 'Redis unreachable');
      return busy(reply);
    }
    if (isStatementCancelled(error)) {
      // A public read that ran past PUBLIC_READ_TIMEOUT_MS: the database stopped it; the client may retry.
      request.log.warn({ err: error }, 'public read cancelled by the statement timeout');
      return busy(reply);
    }
    // The error's cause (PostgreSQL's code, message and detail under a failed query) is in `err.cause`.
    request.log.error({ err: error, method: request.method, url: request.url }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', message: 'Something went wrong. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}
