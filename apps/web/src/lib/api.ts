import {
  GENERIC_ERROR_MESSAGE,
  SERVER_NOT_RESPONDING_MESSAGE,
  SESSION_ENDED_MESSAGE,
  type ApiErrorBody,
} from '@zevar/domain';
import { endSession, getToken, replaceToken } from './storage';
import { peekPrefetched, takePrefetched } from './prefetched';

export const API_BASE = '/api';

/** Requests to these never carry the Authorization header (specification, roles and permissions). */
const PUBLIC_URL_PARTS = [
  '/api/vendor/public',
  '/api/products/public',
  '/api/categories/public',
  '/api/carousel/public',
  '/vendor-plan/public',
  '/login',
] as const;

export const SERVER_NOT_RESPONDING = SERVER_NOT_RESPONDING_MESSAGE;
export const DEFAULT_ERROR = GENERIC_ERROR_MESSAGE;

export type ApiIssue = NonNullable<ApiErrorBody['issues']>[number];

/** Every non-2xx answer (and every network failure, status 0) becomes an ApiError. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ApiIssue[];
  /** The whole error answer, for the few that carry more (a 409's `current`: the newer record). */
  readonly body: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message: string,
    issues: ApiIssue[] = [],
    body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.body = body;
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/** The specification's generic service handler texts. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return SERVER_NOT_RESPONDING;
    return `Error Code: ${err.status}\nMessage: ${err.message}`;
  }
  if (err instanceof Error && err.message) return err.message;
  return DEFAULT_ERROR;
}

export function isPublicUrl(url: string): boolean {
  return PUBLIC_URL_PARTS.some((part) => url.includes(part));
}

/** What validates an answer: throws when it does not fit. Every zod schema is one. */
export type AnswerParser<T> = { parse: (value: unknown) => T };

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded unless it is FormData or a Blob. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** 'blob' for spreadsheet downloads; default: JSON when the answer says so, else text. */
  responseType?: 'auto' | 'blob';
  /** Validates (and types) the answer: a zod schema, or a hand-written check where zod is not loaded yet. */
  schema?: AnswerParser<T>;
  /**
   * A public read whose answer is the same for everyone (the storefront's): sent without the
   * Authorization header, so a signed-in vendor or admin gets the answers embedded in the page, and
   * the same first render, as a shopper does.
   */
  anonymous?: boolean;
}

/** '/user/1' -> '/api/user/1', with the query string appended (null and undefined are left out). */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = path.startsWith(API_BASE + '/') || path === API_BASE ? path : `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/**
 * Headers every API call carries: Authorization, unless the path is public. No XSRF header: the
 * server sets no session cookie, so there is nothing for one to protect (docs/decisions/0005).
 */
export function authHeaders(url: string): Record<string, string> {
  const token = getToken();
  return token && !isPublicUrl(url) ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * The `{ code, message, issues? }` error shape (apiErrorSchema in @zevar/domain), checked by hand:
 * every page loads this client first, and zod stays off a shopper's first load.
 */
function asErrorBody(value: unknown): ApiErrorBody | null {
  if (typeof value !== 'object' || value === null) return null;
  const { code, message, issues } = value as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (issues === undefined) return { code, message };
  const isIssue = (i: unknown): i is ApiIssue =>
    typeof i === 'object' &&
    i !== null &&
    typeof (i as ApiIssue).path === 'string' &&
    typeof (i as ApiIssue).message === 'string';
  if (!Array.isArray(issues) || !issues.every(isIssue)) return null;
  return { code, message, issues: issues.map(({ path, message: text }) => ({ path, message: text })) };
}

/** Turns an error answer's text into an ApiError, whatever the body looks like. */
export function toApiError(status: number, bodyText: string, statusText = ''): ApiError {
  if (status === 0) return new ApiError(0, 'NETWORK', SERVER_NOT_RESPONDING);
  try {
    const raw: unknown = JSON.parse(bodyText);
    const body = asErrorBody(raw);
    if (body)
      return new ApiError(status, body.code, body.message, body.issues ?? [], raw as Record<string, unknown>);
  } catch {
    // Not JSON: fall through to the text.
  }
  const message = bodyText.trim() || statusText || DEFAULT_ERROR;
  return new ApiError(status, `HTTP_${status}`, message);
}

async function readBody(response: Response, responseType: 'auto' | 'blob'): Promise<unknown> {
  if (responseType === 'blob') return response.blob();
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? (JSON.parse(text) as unknown) : text;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, query, signal, responseType = 'auto', schema, anonymous = false } = options;
  const url = buildUrl(path, query);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(anonymous ? {} : authHeaders(url)),
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  Object.assign(headers, options.headers);

  if (method === 'GET' && !headers.Authorization) {
    const embedded = takePrefetched(url);
    if (embedded) return schema ? schema.parse(embedded.value) : (embedded.value as T);
  }

  let response: Response;
  try {
    // Public answers may be cached by the browser for a few seconds (Cache-Control); the app always
    // revalidates (ETag -> 304), so what it shows is never older than the last write.
    response = await fetch(url, { method, headers, body: payload, signal, cache: 'no-cache' });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw toApiError(0, '');
  }

  // Admin sessions slide: the server hands a fresh token to a request whose token is getting old.
  const renewed = headers.Authorization ? response.headers?.get('x-session-token') : null;
  if (renewed) replaceToken(renewed);

  if (!response.ok) {
    const text = await response.text().catch(() => '');
    // An expired or revoked token ends the session (once: see SessionEndHandler), whatever screen asked.
    if (response.status === 401 && headers.Authorization) {
      endSession();
      throw new ApiError(401, 'SESSION_ENDED', SESSION_ENDED_MESSAGE);
    }
    throw toApiError(response.status, text, response.statusText);
  }
  const data = await readBody(response, responseType);
  return schema ? schema.parse(data) : (data as T);
}

type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * The answer the server embedded in the page for this anonymous GET, without using it up. It is a
 * storefront query's `initialData`, so the page's first render already has its data (the server's
 * markup, whoever is signed in) and nothing shifts when it would have arrived; the query's own
 * anonymous fetch then takes the same answer with no round trip. `check` returns the answer when it
 * has the expected shape (undefined: not used). Undefined when nothing was embedded or the check
 * refuses it.
 */
export function embeddedAnswer<T>(
  path: string,
  options: Pick<Options<T>, 'query'> & { check: (value: unknown) => T | undefined },
): T | undefined {
  const url = buildUrl(path, options.query);
  const found = peekPrefetched(url);
  return found ? options.check(found.value) : undefined;
}
