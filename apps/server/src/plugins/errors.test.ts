import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { createTestDatabase, testConfig } from '../../test/test-app';

describe('an unhandled error', () => {
  let app: FastifyInstance;
  let database: Database;
  const lines: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'error' }),
      database,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    // A statement PostgreSQL refuses with a code, a message and a detail holding a shopper's email
    // (built in the statement, as a real one comes from the row: the statement's text does not hold it).
    app.get('/api/test/failing-statement', { config: { access: 'public' } }, async () => {
      await database.db.execute(
        sql.raw(
          `DO $$ BEGIN RAISE EXCEPTION 'bench row went missing' USING ERRCODE = 'XX001', DETAIL = 'Key (email)=(asha' || '@example.in) already exists.'; END $$`,
        ),
      );
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("answers 500 and logs the request and the database's own answer (code, message, detail)", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/failing-statement?page=2' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong. Please try again.' });
    const line = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === 'unhandled error');
    expect(line).toMatchObject({
      method: 'GET',
      url: '/api/test/failing-statement?page=2',
      err: {
        message: expect.stringContaining('Failed query: DO $$'),
        cause: {
          code: 'XX001',
          message: 'bench row went missing',
          // The key's value (a shopper's email) is not logged.
          detail: 'Key (email)=[private]',
        },
      },
    });
    expect(lines.join('')).not.toContain('asha@example.in');
  });
});
