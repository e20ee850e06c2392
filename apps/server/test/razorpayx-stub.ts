import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { razorpayError, razorpayIds, unixNow } from './razorpay-stub-shapes';

/**
 * A local stand-in for RazorpayX Payouts, answering in their documented shapes (API reference:
 * contacts, fund accounts, account validation, payouts): Basic auth with the key pair; contacts and
 * fund accounts with the same details answer the existing one; a validation completes at once
 * (`results.account_status` active, or invalid for an account ending in 0000) or stays `created`
 * for an account ending in 1111 until asked again; POST /v1/payouts refuses a call without
 * X-Payout-Idempotency and answers the same payout for a key it has seen. Every request is
 * recorded; the next answers can be forced (a 5xx) or delayed (a timeout).
 */
export const RAZORPAYX_STUB = { keyId: 'rzp_test_stubkey', keySecret: 'stub-secret-0123456789' } as const;

type Json = Record<string, unknown>;

export async function startRazorpayXStub() {
  const requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: Json | null }[] =
    [];
  let next: { status: number; body: unknown; delayMs?: number }[] = [];
  const contacts = new Map<string, Json>();
  const fundAccounts = new Map<string, Json>();
  const validations = new Map<string, Json>();
  const payouts = new Map<string, Json>();
  const byKey = new Map<string, string>();
  const id = razorpayIds();

  function answer(
    method: string,
    path: string,
    headers: http.IncomingHttpHeaders,
    body: Json | null,
  ): [number, unknown] {
    const expected = `Basic ${Buffer.from(`${RAZORPAYX_STUB.keyId}:${RAZORPAYX_STUB.keySecret}`).toString('base64')}`;
    if (headers.authorization !== expected) return [401, razorpayError('The api key provided is invalid')];
    const b = body ?? {};
    if (method === 'POST' && path === '/v1/contacts') {
      if (typeof b.name !== 'string' || b.name.length < 3)
        return [400, razorpayError('The name field is required.', 'name')];
      const key = JSON.stringify([b.name, b.email, b.contact, b.type, b.reference_id]);
      const found = contacts.get(key);
      if (found) return [200, found];
      const contact = {
        id: id('cont'),
        entity: 'contact',
        ...b,
        active: true,
        notes: [],
        created_at: unixNow(),
      };
      contacts.set(key, contact);
      return [201, contact];
    }
    if (method === 'POST' && path === '/v1/fund_accounts') {
      const bank = (b.bank_account ?? {}) as Json;
      if (
        b.account_type !== 'bank_account' ||
        typeof bank.ifsc !== 'string' ||
        !/^[A-Z]{4}0[A-Z0-9]{6}$/.test(bank.ifsc)
      )
        return [400, razorpayError('The ifsc must be 11 characters.', 'ifsc')];
      const key = JSON.stringify([b.contact_id, bank.ifsc, bank.account_number]);
      const found = fundAccounts.get(key);
      if (found) return [200, found];
      const fa = {
        id: id('fa'),
        entity: 'fund_account',
        contact_id: b.contact_id,
        account_type: 'bank_account',
        bank_account: {
          ifsc: bank.ifsc,
          bank_name: 'HDFC Bank',
          name: bank.name,
          account_number: bank.account_number,
          notes: [],
        },
        active: true,
        batch_id: null,
        created_at: unixNow(),
      };
      fundAccounts.set(key, fa);
      fundAccounts.set(fa.id, fa);
      return [200, fa];
    }
    if (method === 'POST' && path === '/v1/fund_accounts/validations') {
      const fa = fundAccounts.get(String((b.fund_account as Json | undefined)?.id));
      if (!fa) return [400, razorpayError('The id provided does not exist', 'fund_account.id')];
      const account = String((fa.bank_account as Json).account_number);
      const later = account.endsWith('1111');
      const v: Json = {
        id: id('fav'),
        entity: 'fund_account.validation',
        fund_account: fa,
        status: later ? 'created' : 'completed',
        amount: 100,
        currency: 'INR',
        notes: b.notes ?? [],
        results: later
          ? { account_status: null, registered_name: null }
          : account.endsWith('0000')
            ? { account_status: 'invalid', registered_name: null }
            : {
                account_status: 'active',
                registered_name: String((fa.bank_account as Json).name).toUpperCase(),
              },
        created_at: unixNow(),
        utr: later ? null : '123456789012',
      };
      validations.set(String(v.id), v);
      return [200, v];
    }
    const validation = /^\/v1\/fund_accounts\/validations\/([^/]+)$/.exec(path);
    if (method === 'GET' && validation) {
      const v = validations.get(validation[1]!);
      if (!v) return [400, razorpayError('The id provided does not exist')];
      if (v.status === 'created') {
        v.status = 'completed';
        v.results = {
          account_status: 'active',
          registered_name: String(((v.fund_account as Json).bank_account as Json).name).toUpperCase(),
        };
      }
      return [200, v];
    }
    if (method === 'POST' && path === '/v1/payouts') {
      const key = headers['x-payout-idempotency'];
      if (typeof key !== 'string' || key === '')
        return [400, razorpayError('X-Payout-Idempotency header is mandatory', 'X-Payout-Idempotency')];
      const seen = byKey.get(key);
      if (seen) return [200, payouts.get(seen)];
      if (!fundAccounts.has(String(b.fund_account_id)))
        return [400, razorpayError('The id provided does not exist', 'fund_account_id')];
      if (typeof b.narration === 'string' && !/^[A-Za-z0-9 ]{0,30}$/.test(b.narration))
        return [400, razorpayError('The narration format is invalid.', 'narration')];
      const p: Json = {
        id: id('pout'),
        entity: 'payout',
        fund_account_id: b.fund_account_id,
        amount: b.amount,
        currency: 'INR',
        notes: [],
        fees: 590,
        tax: 90,
        status: 'processing',
        purpose: b.purpose,
        utr: null,
        mode: b.mode,
        reference_id: b.reference_id,
        narration: b.narration,
        batch_id: null,
        status_details: {
          description: 'Payout is being processed',
          source: 'internal',
          reason: 'payout_processing',
        },
        created_at: unixNow(),
      };
      payouts.set(String(p.id), p);
      byKey.set(key, String(p.id));
      return [200, p];
    }
    const payout = /^\/v1\/payouts\/([^/]+)$/.exec(path);
    if (method === 'GET' && payout) {
      const p = payouts.get(payout[1]!);
      return p ? [200, p] : [400, razorpayError('The id provided does not exist')];
    }
    return [404, razorpayError('The requested URL was not found on the server.')];
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as Json) : null;
      const path = req.url ?? '';
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      const forced = next.shift();
      const [status, out] = forced
        ? [forced.status, forced.body]
        : answer(req.method ?? '', path, req.headers, body);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(out));
      }, forced?.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    payouts,
    answerNext: (...answers: { status: number; body: unknown; delayMs?: number }[]) => void (next = answers),
    /** The bank settles a payout: processed with a UTR, or failed/reversed. */
    settle(payoutId: string, status: 'processed' | 'failed' | 'reversed') {
      const p = payouts.get(payoutId)!;
      p.status = status;
      if (status !== 'failed') p.utr = 'HDFCN52024112600012345';
      p.status_details =
        status === 'processed'
          ? { description: 'Payout is processed', source: 'beneficiary_bank', reason: 'payout_processed' }
          : {
              description: 'The beneficiary account is closed',
              source: 'beneficiary_bank',
              reason: 'beneficiary_account_closed',
            };
      return p;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
