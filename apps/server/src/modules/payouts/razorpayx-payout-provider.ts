import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../env';
import { AppError } from '../../lib/errors';
import {
  PayoutProviderUnavailableError,
  type AccountCheck,
  type PayeeAccount,
  type PayoutProvider,
  type PayoutState,
  type PayoutStatus,
  type PayoutUpdate,
} from '../../lib/payout-provider';

/**
 * RazorpayX Payouts (PAYOUTS=razorpayx), written to their API reference: a contact per reseller
 * (POST /v1/contacts), a bank-account fund account (POST /v1/fund_accounts), a penny drop
 * (POST /v1/fund_accounts/validations, asked again with GET .../validations/:id), payouts
 * (POST /v1/payouts with the mandatory X-Payout-Idempotency header, GET /v1/payouts/:id) and the
 * `payout.*` webhooks signed with X-Razorpay-Signature (HMAC-SHA256 of the raw body).
 * Network errors, timeouts, 429 and 5xx raise PayoutProviderUnavailableError (retry later with
 * the same reference: RazorpayX answers the payout already made); other 4xx a clear AppError.
 */
export type RazorpayXConfig = {
  keyId: string;
  keySecret: string;
  /** The RazorpayX account payouts are debited from. */
  accountNumber: string;
  webhookSecret: string;
  /** https://api.razorpay.com, or a local stub in tests. */
  baseUrl: string;
  /** Milliseconds one call may take before it counts as an outage (default 15 s). */
  timeoutMs?: number;
};

export function razorpayXConfigFrom(config: Config): RazorpayXConfig {
  const { RAZORPAYX_KEY_ID, RAZORPAYX_KEY_SECRET, RAZORPAYX_ACCOUNT_NUMBER, RAZORPAYX_WEBHOOK_SECRET } =
    config;
  if (!RAZORPAYX_KEY_ID || !RAZORPAYX_KEY_SECRET || !RAZORPAYX_ACCOUNT_NUMBER || !RAZORPAYX_WEBHOOK_SECRET) {
    throw new Error('PAYOUTS=razorpayx needs the RAZORPAYX_* settings (env.ts checks them)');
  }
  return {
    keyId: RAZORPAYX_KEY_ID,
    keySecret: RAZORPAYX_KEY_SECRET,
    accountNumber: RAZORPAYX_ACCOUNT_NUMBER,
    webhookSecret: RAZORPAYX_WEBHOOK_SECRET,
    baseUrl: config.RAZORPAYX_BASE_URL,
  };
}

export const RAZORPAYX_TEXT = {
  unreachable: 'RazorpayX cannot be reached',
  refused: 'RazorpayX refused the request',
  unexpected: 'RazorpayX answered in an unexpected shape',
} as const;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Their payout states in ours (pending: waiting for approval in their dashboard; scheduled: later). */
const STATUS: Record<string, PayoutStatus> = {
  queued: 'QUEUED',
  pending: 'QUEUED',
  scheduled: 'QUEUED',
  processing: 'PROCESSING',
  processed: 'PROCESSED',
  reversed: 'REVERSED',
  failed: 'FAILED',
  rejected: 'FAILED',
  cancelled: 'FAILED',
};

/** Narration: at most 30 characters, letters, digits and spaces only (their rule). */
export function razorpayXNarration(text: string): string {
  return text
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 30)
    .trim();
}

function toPayoutState(body: unknown): PayoutState {
  if (!isObject(body) || typeof body.id !== 'string' || typeof body.status !== 'string') {
    throw new PayoutProviderUnavailableError(RAZORPAYX_TEXT.unexpected);
  }
  const status = STATUS[body.status] ?? 'PROCESSING';
  const details = isObject(body.status_details) ? body.status_details : {};
  return {
    providerPayoutId: body.id,
    status,
    utr: str(body.utr),
    failureReason:
      status === 'FAILED' || status === 'REVERSED'
        ? (str(details.description) ?? str(body.failure_reason) ?? body.status)
        : null,
  };
}

function toAccountCheck(body: unknown): AccountCheck {
  if (!isObject(body) || typeof body.id !== 'string') {
    throw new PayoutProviderUnavailableError(RAZORPAYX_TEXT.unexpected);
  }
  const providerRef = body.id;
  const results = isObject(body.results) ? body.results : {};
  const details = isObject(body.status_details) ? body.status_details : {};
  if (body.status === 'completed') {
    if (results.account_status === 'active') {
      return { status: 'VERIFIED', providerRef, registeredName: str(results.registered_name) };
    }
    return {
      status: 'FAILED',
      providerRef,
      reason: str(details.description) ?? 'The bank says the account is invalid',
    };
  }
  if (body.status === 'failed') {
    return {
      status: 'FAILED',
      providerRef,
      reason: str(details.description) ?? 'The account validation failed',
    };
  }
  return { status: 'PENDING', providerRef };
}

export function createRazorpayXPayoutProvider(
  config: RazorpayXConfig,
  fetchImpl: typeof fetch = fetch,
): PayoutProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;
  const auth = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;
  /** Fund account ids by reseller and account (RazorpayX answers an identical one again anyway). */
  const fundAccounts = new Map<string, Promise<string>>();
  /** Penny drops by our reference, so asking twice in a process costs one rupee once. */
  const validations = new Map<string, string>();

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: Json,
    headers: Record<string, string> = {},
  ) {
    let res: Response;
    try {
      res = await fetchImpl(`${base}${path}`, {
        method,
        headers: {
          authorization: auth,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new PayoutProviderUnavailableError(RAZORPAYX_TEXT.unreachable);
    }
    const answer: unknown = await res.json().catch(() => null);
    if (res.status === 429 || res.status >= 500) {
      throw new PayoutProviderUnavailableError(`${RAZORPAYX_TEXT.unreachable} (HTTP ${res.status})`);
    }
    if (!res.ok) {
      const error = isObject(answer) && isObject(answer.error) ? answer.error : {};
      const words = str(error.description);
      throw new AppError(
        res.status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST',
        words ? `${RAZORPAYX_TEXT.refused}: ${words.slice(0, 300)}` : RAZORPAYX_TEXT.refused,
        undefined,
        { providerStatus: res.status, providerCode: str(error.code) },
      );
    }
    return answer;
  }

  function idOf(body: unknown): string {
    if (!isObject(body) || typeof body.id !== 'string') {
      throw new PayoutProviderUnavailableError(RAZORPAYX_TEXT.unexpected);
    }
    return body.id;
  }

  /** The reseller's contact and this account's fund account, created once (and again after a failure). */
  function fundAccountFor(account: PayeeAccount): Promise<string> {
    const key = `${account.payeeReference}|${account.accountNumber}|${account.ifsc}`;
    let known = fundAccounts.get(key);
    if (!known) {
      known = (async () => {
        const contact = idOf(
          await call('POST', '/v1/contacts', {
            name: account.holderName.slice(0, 50),
            type: 'vendor',
            reference_id: account.payeeReference,
            ...(account.email ? { email: account.email } : {}),
            ...(account.phone ? { contact: account.phone } : {}),
          }),
        );
        return idOf(
          await call('POST', '/v1/fund_accounts', {
            contact_id: contact,
            account_type: 'bank_account',
            bank_account: {
              name: account.holderName.slice(0, 120),
              ifsc: account.ifsc,
              account_number: account.accountNumber,
            },
          }),
        );
      })();
      fundAccounts.set(key, known);
      known.catch(() => fundAccounts.delete(key));
    }
    return known;
  }

  return {
    mode: 'razorpayx',

    async verifyAccount(reference, account) {
      const earlier = validations.get(reference);
      if (earlier)
        return toAccountCheck(
          await call('GET', `/v1/fund_accounts/validations/${encodeURIComponent(earlier)}`),
        );
      const fundAccountId = await fundAccountFor(account);
      const check = toAccountCheck(
        await call('POST', '/v1/fund_accounts/validations', {
          account_number: config.accountNumber,
          fund_account: { id: fundAccountId },
          amount: 100,
          currency: 'INR',
          notes: { reference },
        }),
      );
      if (check.status !== 'UNSUPPORTED') validations.set(reference, check.providerRef);
      return check;
    },

    async checkStatus(providerRef) {
      return toAccountCheck(
        await call('GET', `/v1/fund_accounts/validations/${encodeURIComponent(providerRef)}`),
      );
    },

    async createPayout(request) {
      const fundAccountId = await fundAccountFor(request.account);
      return toPayoutState(
        await call(
          'POST',
          '/v1/payouts',
          {
            account_number: config.accountNumber,
            fund_account_id: fundAccountId,
            amount: request.amountPaise,
            currency: 'INR',
            mode: request.mode,
            purpose: 'payout',
            queue_if_low_balance: true,
            reference_id: request.reference.slice(0, 40),
            narration: razorpayXNarration(request.narration),
          },
          { 'X-Payout-Idempotency': request.reference },
        ),
      );
    },

    async getPayout(providerPayoutId) {
      return toPayoutState(await call('GET', `/v1/payouts/${encodeURIComponent(providerPayoutId)}`));
    },

    verifyWebhook(headers, rawBody) {
      const given = headers['x-razorpay-signature'];
      if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
      const expected = createHmac('sha256', config.webhookSecret).update(rawBody).digest();
      return timingSafeEqual(expected, Buffer.from(given, 'hex'));
    },

    parseWebhook(body): PayoutUpdate[] {
      if (!isObject(body) || typeof body.event !== 'string' || !body.event.startsWith('payout.')) return [];
      const payload = isObject(body.payload) ? body.payload : {};
      const payout = isObject(payload.payout) ? payload.payout.entity : undefined;
      let state: PayoutState;
      try {
        state = toPayoutState(payout);
      } catch {
        return [];
      }
      const entity = payout as Json;
      const created = typeof body.created_at === 'number' ? body.created_at : null;
      return [
        {
          ...state,
          eventId: `${body.event}:${state.providerPayoutId}:${created ?? entity.status}`,
          reference: str(entity.reference_id),
          at: new Date(created !== null ? created * 1000 : Date.now()),
        },
      ];
    },
  };
}
