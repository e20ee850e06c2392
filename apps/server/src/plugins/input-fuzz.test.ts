import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../../test/test-app';
import { approveKyc, createAdminUser, createVendor, type Actor } from '../../test/factories';
import { deliver, earn } from '../../test/settlement-fixtures';
import { createManualPayoutProvider } from '../modules/payouts/manual-payout-provider';

/**
 * Hostile input on every route: strings with NUL bytes, unicode, huge values, and wrong JSON types
 * in every path parameter, query parameter and body field the app documents. No answer may be a
 * 5xx, and every error is in the one `{ code, message, issues? }` shape.
 */

type Operation = {
  method: string;
  path: string;
  params: string[];
  query: string[];
  body: string[];
  access: string;
};

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }).map((s) => `${s}\u0000${s}`),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.constantFrom('0x10', '1e3', ' 1', 'true', '2026-02-31', '-1', '99999999999999999999', 'NaN', '%00'),
  fc.nat({ max: 5 }).map((n) => 'ə'.repeat(10 ** n)),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.constantFrom(true, null, [], [1], {}, 1e308, -1, 2 ** 53, 0.5),
  fc.array(hostileString, { maxLength: 3 }),
);

function operations(doc: OpenApi, accessOf: (method: string, url: string) => string): Operation[] {
  const ops: Operation[] = [];
  for (const [oaPath, methods] of Object.entries(doc.paths)) {
    if (!oaPath.startsWith('/api/') || oaPath.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const json = op.requestBody?.content?.['application/json']?.schema?.properties;
      const url = oaPath.replace(/\{(\w+)\}/g, ':$1');
      ops.push({
        method: method.toUpperCase(),
        path: oaPath,
        params,
        query,
        body: Object.keys(json ?? {}),
        access: accessOf(method.toUpperCase(), url),
      });
    }
  }
  return ops;
}

const sendsBody = (method: string) => method !== 'GET' && method !== 'DELETE';

/**
 * Sends `numRuns` hostile requests to one route (its path parameters, query parameters and body
 * fields, or a whole hostile body) and fails on the first answer that is a 5xx or an error outside
 * the one error shape. `param` gives a path parameter's values (hostile strings unless told).
 */
function fuzzRoute(
  app: TestApp['app'],
  op: Operation,
  headers: Record<string, string>,
  options: { numRuns: number; seed: number; param?: (name: string) => fc.Arbitrary<string> },
) {
  const param = options.param ?? (() => hostileString);
  return fc.assert(
    fc.asyncProperty(
      fc.record({
        params: fc.tuple(...op.params.map(param), fc.constant('')),
        query: fc.tuple(...op.query.map(() => fc.option(hostileString)), fc.constant('')),
        body: fc.oneof(
          fc.tuple(...op.body.map(() => fc.option(hostileValue)), fc.constant('')),
          hostileValue,
        ),
      }),
      async ({ params, query, body }) => {
        let url = op.path;
        op.params.forEach((name, i) => {
          url = url.replace(`{${name}}`, encodeURIComponent(String(params[i])) || 'x');
        });
        const search = new URLSearchParams();
        op.query.forEach((name, i) => {
          const v = query[i];
          if (v !== null && v !== undefined) search.append(name, String(v));
        });
        if ([...search.keys()].length) url += `?${search.toString()}`;
        let payload: unknown;
        if (Array.isArray(body) && body.length === op.body.length + 1 && body.at(-1) === '') {
          payload = Object.fromEntries(op.body.map((k, i) => [k, body[i]]).filter(([, v]) => v !== null));
        } else payload = body;
        const res = await app.inject({
          method: op.method as 'POST',
          url,
          headers: sendsBody(op.method) ? { ...headers, 'content-type': 'application/json' } : headers,
          payload: sendsBody(op.method) ? JSON.stringify(payload) : undefined,
        });
        const where = `${op.method} ${url} ${sendsBody(op.method) ? JSON.stringify(payload).slice(0, 300) : ''}`;
        expect(res.statusCode, `${where} -> ${res.body.slice(0, 300)}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          const err = res.json() as { code?: unknown; message?: unknown };
          expect(typeof err.code, where).toBe('string');
          expect(typeof err.message, where).toBe('string');
        }
      },
    ),
    { numRuns: options.numRuns, seed: options.seed },
  );
}

describe('hostile input on every route', () => {
  let t: TestApp;
  let superAdmin: Actor;
  let vendor: Actor;
  let ops: Operation[];
  beforeAll(async () => {
    t = await createTestApp();
    superAdmin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    vendor = await createVendor(t.app, t.db);
    const rules = t.app.accessRules;
    const accessOf = (method: string, url: string) => {
      const rule = rules.find((r) => r.method === method && r.url === url);
      return typeof rule?.access === 'string' ? rule.access : 'admin';
    };
    ops = operations(t.app.swagger() as unknown as OpenApi, accessOf);
  });
  afterAll(async () => t.close());

  it('enumerates the routes from the app', () => {
    expect(ops.length).toBeGreaterThan(100);
    expect(ops.length).toBe(t.app.accessRules.length);
  });

  it('never answers 5xx and always answers errors in the error shape', async () => {
    const failures: string[] = [];
    for (const op of ops) {
      const headers = op.access === 'vendor' ? vendor.headers : superAdmin.headers;
      const run = fuzzRoute(t.app, op, headers, { numRuns: 12, seed: 8 });
      await run.catch((err: Error) =>
        failures.push(`${op.method} ${op.path}: ${err.message.split('\n').slice(2, 3).join('')}`),
      );
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

/**
 * The same hostile input on the settlement, KYC and payout routes (issue 24), but with their data in
 * place: a real reseller, its KYC, a payout run and a payout waiting for its UTR (manual transfer), so
 * that a malformed body or query reaches the handler of a row that exists rather than stopping at 404.
 */
describe('hostile input on settlement, KYC and payout routes, with their data in place', () => {
  let t: TestApp;
  let superAdmin: Actor;
  let vendor: Actor;
  let ops: Operation[];
  const real: { runId: number; payoutId: number; vendorId: number } = { runId: 0, payoutId: 0, vendorId: 0 };
  const PREFIXES = [
    '/api/kyc',
    '/api/payout-runs',
    '/api/vendor-payouts',
    '/api/settlement',
    '/api/tds',
    '/api/webhooks/payouts',
  ];

  beforeAll(async () => {
    t = await createTestApp({ payoutProvider: createManualPayoutProvider() });
    superAdmin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    vendor = await createVendor(t.app, t.db, {
      plan: 'BASIC',
      bankName: 'SBI',
      accountNumber: '5556667778',
      ifscCode: 'SBIN0001234',
      accountHolderName: 'Owner',
    });
    await approveKyc(t.db, vendor.id);
    const earned = await earn(t.db, vendor.id, 250_000, new Date(Date.now() - 20 * 86_400_000));
    await deliver(t.db, earned.orderId, new Date(Date.now() - 10 * 86_400_000));
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/payout-runs',
      headers: superAdmin.headers,
      payload: { vendorIds: [vendor.id] },
    });
    expect(run.statusCode).toBe(201);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/payout-runs/${run.json().id}/approve`,
      headers: superAdmin.headers,
    });
    expect(approved.json().lines[0].status).toBe('QUEUED');
    Object.assign(real, {
      runId: run.json().id,
      payoutId: approved.json().lines[0].payoutId,
      vendorId: vendor.id,
    });
    const rules = t.app.accessRules;
    const accessOf = (method: string, url: string) => {
      const rule = rules.find((r) => r.method === method && r.url === url);
      return typeof rule?.access === 'string' ? rule.access : 'admin';
    };
    ops = operations(t.app.swagger() as unknown as OpenApi, accessOf).filter((op) =>
      PREFIXES.some((p) => op.path.startsWith(p)),
    );
  });
  afterAll(async () => t.close());

  /** The id of a row that exists for a path parameter (none for DELETE: it would remove the row). */
  const realId = (op: Operation, name: string): string | null => {
    if (op.method === 'DELETE') return null;
    if (name === 'vendorId') return String(real.vendorId);
    if (name === 'id') return String(op.path.startsWith('/api/payout-runs') ? real.runId : real.payoutId);
    return null;
  };

  it('covers every route of the area', () => {
    const paths = new Set(ops.map((op) => `${op.method} ${op.path}`));
    for (const route of [
      'GET /api/kyc',
      'PUT /api/kyc/me',
      'POST /api/kyc/vendor/{vendorId}/reject',
      'POST /api/payout-runs',
      'POST /api/payout-runs/{id}/approve',
      'POST /api/vendor-payouts/{id}/utr',
      'GET /api/settlement/vendor/{vendorId}/statement',
      'GET /api/tds/return.csv',
      'GET /api/tds/vendor/{vendorId}/certificate.pdf',
      'POST /api/webhooks/payouts',
      'POST /api/vendor-payouts',
    ])
      expect(paths, route).toContain(route);
  });

  it('never answers 5xx and always answers errors in the error shape', async () => {
    const failures: string[] = [];
    for (const op of ops) {
      const headers = op.access === 'vendor' ? vendor.headers : superAdmin.headers;
      const param = (name: string) => {
        const id = realId(op, name);
        return id ? fc.oneof(fc.constant(id), hostileString) : hostileString;
      };
      const run = fuzzRoute(t.app, op, headers, { numRuns: 20, seed: 24, param });
      await run.catch((err: Error) =>
        failures.push(`${op.method} ${op.path}: ${err.message.split('\n').slice(2, 3).join('')}`),
      );
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
