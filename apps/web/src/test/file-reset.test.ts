import { describe, expect, it, vi } from 'vitest';
import { businessTimeZone, setBusinessTimeZone } from '../lib/business-timezone';
import { getDefaultVendorSlug } from '../lib/config';
import { enterPageSeed, pageSeed } from '../lib/page-seed';
import { enterPrefetched, peekPrefetched } from '../lib/prefetched';
import { endSession, sessionHasEnded } from '../lib/storage';
import { resetForNextFile } from './file-reset';
import { jsonResponse, mockFetch } from './utils';

/** What a file would see of the page and the browser's state (the setup has just reset them). */
function pageState() {
  return {
    html: document.documentElement.outerHTML,
    url: window.location.href,
    cookie: document.cookie,
    local: window.localStorage.length,
    session: window.sessionStorage.length,
    scrollY: window.scrollY,
    fetch: globalThis.fetch,
    createObjectURL: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
  };
}

describe('resetForNextFile (files share a worker)', () => {
  it('puts back the page, the address, cookies, storage, the scroll position, object URLs, timers and globals', () => {
    const fresh = pageState();
    document.documentElement.setAttribute('data-theme', 'dark');
    document.documentElement.append(document.createComment('left behind'));
    document.title = 'Left behind';
    document.head.append(Object.assign(document.createElement('meta'), { name: 'zevar-page-seed' }));
    document.body.style.overflow = 'hidden';
    document.body.append(document.createElement('div'));
    // Another origin, as a clicked download link leaves happy-dom's window (blob:…).
    (globalThis as unknown as { jsdom: { reconfigure(o: { url: string }): void } }).jsdom.reconfigure({
      url: 'https://elsewhere.example/x?y=1',
    });
    document.cookie = 'XSRF-TOKEN=left';
    window.localStorage.setItem('k', 'v');
    window.sessionStorage.setItem('k', 'v');
    window.scrollY = 300;
    URL.createObjectURL = vi.fn(() => 'blob:left');
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn());
    expect(pageState()).not.toEqual(fresh);

    resetForNextFile();

    expect(pageState()).toEqual(fresh);
    expect(vi.isFakeTimers()).toBe(false);
  });

  it("empties the app's module-level caches", async () => {
    setBusinessTimeZone('Asia/Tokyo');
    enterPageSeed(7);
    enterPrefetched({ '/api/left': 1 });
    endSession();
    mockFetch(() => jsonResponse({ defaultVendorSlug: 'meera', payments: 'sandbox', razorpayKeyId: '' }));
    expect(await getDefaultVendorSlug()).toBe('meera');

    resetForNextFile();

    expect(businessTimeZone()).toBe('Asia/Kolkata');
    expect(pageSeed()).not.toBe(7);
    expect(peekPrefetched('/api/left')).toBeNull();
    expect(sessionHasEnded()).toBe(false);
    mockFetch(() => jsonResponse({ defaultVendorSlug: 'acme', payments: 'sandbox', razorpayKeyId: '' }));
    expect(await getDefaultVendorSlug()).toBe('acme');
  });
});
