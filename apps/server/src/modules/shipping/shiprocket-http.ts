import { AppError, type Issue } from '../../lib/errors';
import { CarrierUnavailableError } from './carrier';

/** What the Shiprocket client needs to talk to their API (see shiprocketConfigFrom). */
export type ShiprocketConfig = {
  email: string;
  password: string;
  /** The token Shiprocket sends in the webhook's x-api-key header (set in their panel). */
  webhookToken: string;
  /** The pickup location's nickname exactly as it is configured in the Shiprocket panel. */
  pickupLocation: string;
  /** https://apiv2.shiprocket.in/v1/external, or a local stub in tests. */
  baseUrl: string;
  /** Milliseconds one call may take before it counts as an outage (default 15 s). */
  timeoutMs?: number;
};

export type FetchImpl = typeof fetch;
type Query = Record<string, string | number | undefined>;
type Json = Record<string, unknown>;

export const SHIPROCKET_TEXT = {
  unreachable: 'Shiprocket cannot be reached',
  loginRefused:
    'Shipping is unavailable: Shiprocket refused the login (check SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD)',
  refused: 'Shiprocket refused the request',
  notFound: 'Shiprocket does not know this shipment',
} as const;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Shiprocket's own words, short, never a request body (which holds the password at login). */
function providerMessage(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  const m = body.message ?? body.error;
  return typeof m === 'string' && m.trim() ? m.trim().slice(0, 300) : undefined;
}

/** Their 422 answers carry `errors: { field: [messages] }`; they become our issues. */
function providerIssues(body: unknown): Issue[] | undefined {
  if (!isObject(body) || !isObject(body.errors)) return undefined;
  const issues = Object.entries(body.errors).flatMap(([path, v]) =>
    (Array.isArray(v) ? v : [v]).map((m) => ({ path, message: String(m).slice(0, 300) })),
  );
  return issues.length ? issues : undefined;
}

/** A 4xx answer (other than the 401 handled by logging in again) as the shop's one error shape. */
export function refusal(status: number, body: unknown): AppError {
  const words = providerMessage(body);
  if (status === 404)
    return new AppError(
      'NOT_FOUND',
      words ? `${SHIPROCKET_TEXT.notFound}: ${words}` : SHIPROCKET_TEXT.notFound,
    );
  return new AppError(
    'BAD_REQUEST',
    words ? `${SHIPROCKET_TEXT.refused}: ${words}` : SHIPROCKET_TEXT.refused,
    providerIssues(body),
    { providerStatus: status },
  );
}

/**
 * Shiprocket's HTTP conventions in one place: a bearer token from POST auth/login, cached and fetched
 * again once when a call answers 401; a timeout on every call; network errors, timeouts, 429 and 5xx
 * become CarrierUnavailableError (retry later), other 4xx a clear AppError.
 */
export function createShiprocketHttp(config: ShiprocketConfig, fetchImpl: FetchImpl) {
  const base = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;
  let token: Promise<string> | undefined;

  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new CarrierUnavailableError(SHIPROCKET_TEXT.unreachable);
    }
  }

  async function readJson(res: Response): Promise<unknown> {
    // A body cut off (the timeout, a dropped connection) is an outage, not an empty answer.
    const text = await res.text().catch(() => {
      throw new CarrierUnavailableError(SHIPROCKET_TEXT.unreachable);
    });
    if (!text) return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return { message: text.slice(0, 300) };
    }
  }

  async function login(): Promise<string> {
    const res = await send(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: config.email, password: config.password }),
    });
    const body = await readJson(res);
    if (res.status >= 500 || res.status === 429)
      throw new CarrierUnavailableError(SHIPROCKET_TEXT.unreachable);
    if (!res.ok || !isObject(body) || typeof body.token !== 'string' || !body.token)
      throw new AppError('UNAVAILABLE', SHIPROCKET_TEXT.loginRefused);
    return body.token;
  }

  function currentToken(): Promise<string> {
    token ??= login().catch((e: unknown) => {
      token = undefined;
      throw e;
    });
    return token;
  }

  async function call(method: 'GET' | 'POST', path: string, opts: { query?: Query; body?: Json } = {}) {
    const url = new URL(`${base}/${path}`);
    for (const [k, v] of Object.entries(opts.query ?? {}))
      if (v !== undefined) url.searchParams.set(k, String(v));
    for (let attempt = 0; ; attempt++) {
      const used = currentToken();
      const res = await send(url.toString(), {
        method,
        headers: {
          authorization: `Bearer ${await used}`,
          accept: 'application/json',
          ...(opts.body ? { 'content-type': 'application/json' } : {}),
        },
        body: opts.body ? JSON.stringify(opts.body) : undefined,
      });
      const body = await readJson(res);
      if (res.status === 401 && attempt === 0) {
        // The token expired (they last 10 days) or was revoked: log in again, once.
        if (token === used) token = undefined;
        continue;
      }
      if (res.status >= 500 || res.status === 429)
        throw new CarrierUnavailableError(SHIPROCKET_TEXT.unreachable);
      if (res.status === 401) throw new AppError('UNAVAILABLE', SHIPROCKET_TEXT.loginRefused);
      if (!res.ok) throw refusal(res.status, body);
      return isObject(body) ? body : { data: body };
    }
  }

  return {
    get: (path: string, query?: Query) => call('GET', path, { query }),
    post: (path: string, body: Json) => call('POST', path, { body }),
    /**
     * A document Shiprocket generated (label, manifest) from the URL it gave. The URL points at their
     * file storage, so it is fetched without our token.
     */
    async download(url: string): Promise<Buffer> {
      if (!/^https?:\/\//i.test(url))
        throw new CarrierUnavailableError('Shiprocket gave no document address');
      const res = await send(url, { method: 'GET' });
      if (!res.ok) throw new CarrierUnavailableError('The document from Shiprocket could not be downloaded');
      const bytes = Buffer.from(await res.arrayBuffer().catch(() => new ArrayBuffer(0)));
      if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw new CarrierUnavailableError('The document from Shiprocket is not a PDF');
      return bytes;
    },
  };
}

export type ShiprocketHttp = ReturnType<typeof createShiprocketHttp>;
