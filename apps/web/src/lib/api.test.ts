// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../test/utils';
import { ApiError, api, errorMessage, isPublicUrl } from './api';
import { STORAGE_KEYS } from './storage';
import { resetPrefetched } from './prefetched';

function headersOf(fetchMock: ReturnType<typeof mockFetch>, call = 0): Record<string, string> {
  return (fetchMock.mock.calls[call]?.[1]?.headers ?? {}) as Record<string, string>;
}

describe('api client', () => {
  it('prefixes /api, encodes the query and parses JSON', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));
    await expect(
      api.get('/products/paged', { query: { page: 0, size: 15, search: 'gold ring', x: undefined } }),
    ).resolves.toEqual({
      ok: true,
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/products/paged?page=0&size=15&search=gold+ring');
  });

  it('sends the stored token except to public URLs', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'abc');
    const fetchMock = mockFetch(() => jsonResponse({}));
    await api.get('/user/1');
    await api.get('/products/public/trending');
    await api.post('/user/login', { username: 'a', password: 'b' });
    expect(headersOf(fetchMock, 0).Authorization).toBe('Bearer abc');
    expect(headersOf(fetchMock, 1).Authorization).toBeUndefined();
    expect(headersOf(fetchMock, 2).Authorization).toBeUndefined();
    expect(headersOf(fetchMock, 2)['Content-Type']).toBe('application/json');
  });

  it('echoes no XSRF cookie: the server sets no session cookie (decision 0005)', async () => {
    document.cookie = 'XSRF-TOKEN=planted';
    const fetchMock = mockFetch(() => jsonResponse({}));
    await api.post('/user/1', {});
    expect(Object.keys(headersOf(fetchMock, 0))).not.toContain('X-XSRF-TOKEN');
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it.each([
    '/api/vendor/public/x',
    '/api/products/public',
    '/api/categories/public/1',
    '/api/carousel/public',
    '/api/vendor-plan/public',
    '/api/user/login',
  ])('%s is public', (url) => {
    expect(isPublicUrl(url)).toBe(true);
  });

  it('turns an error body into an ApiError with status, code, message and issues', async () => {
    mockFetch(() =>
      jsonResponse(
        { code: 'VALIDATION', message: 'Invalid input', issues: [{ path: 'email', message: 'Bad' }] },
        400,
      ),
    );
    const error = await api.post('/user/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION', message: 'Invalid input' });
    expect((error as ApiError).issues).toEqual([{ path: 'email', message: 'Bad' }]);
  });

  it('uses the text of an error body that is JSON but not the error shape', async () => {
    mockFetch(() => jsonResponse({ code: 'X', message: 'Bad', issues: [{ path: 1 }] }, 400));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 400, code: 'HTTP_400', issues: [] });
    mockFetch(() => jsonResponse({ message: 'no code' }, 409));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 409, code: 'HTTP_409' });
  });

  it('uses the text of a non-JSON error body', async () => {
    mockFetch(() => new Response('Bad gateway', { status: 502 }));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 502, message: 'Bad gateway' });
  });

  it("reports a network failure as status 0 'Server is not responding'", async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, message: 'Server is not responding' });
    expect(errorMessage(error)).toBe('Server is not responding');
  });

  it('forgets an expired token on 401 and says the session has ended', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'old');
    localStorage.setItem(STORAGE_KEYS.userType, 'VENDOR');
    mockFetch(() => jsonResponse({ code: 'UNAUTHORIZED', message: 'Expired' }, 401));
    await expect(api.get('/user/1')).rejects.toMatchObject({
      status: 401,
      code: 'SESSION_ENDED',
      message: 'Your session has ended. Please sign in again.',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userType)).toBeNull();
  });

  it('returns text answers as text', async () => {
    mockFetch(() => new Response('PREMIUM', { status: 200, headers: { 'Content-Type': 'text/plain' } }));
    await expect(api.get('/user/vendor-plan/asha')).resolves.toBe('PREMIUM');
  });

  it('follows the generic service handler texts', () => {
    expect(errorMessage(new ApiError(404, 'NOT_FOUND', 'Product not found'))).toBe(
      'Error Code: 404\nMessage: Product not found',
    );
    expect(errorMessage(new Error('Client broke'))).toBe('Client broke');
    expect(errorMessage('???')).toBe('An error occurred');
  });

  it('answers the first read of a URL from the data embedded in the page, then asks the server', async () => {
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = 'zevar-prefetched';
    el.textContent = JSON.stringify({ '/api/products/name/ruby?vendorSlug=asha': { name: 'Ruby' } });
    document.body.append(el);
    resetPrefetched();
    try {
      const fetchMock = mockFetch(() => jsonResponse({ name: 'Ruby (fresh)' }));
      await expect(api.get('/products/name/ruby', { query: { vendorSlug: 'asha' } })).resolves.toEqual({
        name: 'Ruby',
      });
      expect(fetchMock).not.toHaveBeenCalled();
      await expect(api.get('/products/name/ruby', { query: { vendorSlug: 'asha' } })).resolves.toEqual({
        name: 'Ruby (fresh)',
      });
      expect(fetchMock.mock.calls[0]?.[1]?.cache).toBe('no-cache');
    } finally {
      el.remove();
      resetPrefetched();
    }
  });
});
