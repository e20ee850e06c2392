/**
 * Web project setup (decision 0092): the files of a worker share one module graph and one DOM
 * (`pool: 'threads'`, `isolate: false`: vitest sets the environment up once per worker and loads a
 * module once for all its files). Vitest evaluates this file again before each test file, so every
 * file starts from what a worker of its own would give it, whatever ran before it:
 * - the page as the environment made it: the same <html>, <head> and <body> elements (Testing
 *   Library's `screen` holds the body) with their first attributes and contents, the first address,
 *   no cookies, empty local and session storage, the window scrolled to the top, URL's own
 *   createObjectURL and revokeObjectURL;
 * - real timers, no stubbed globals or environment variables (vitest itself restores spies);
 * - the app's module-level caches emptied (config, embedded answers, page seed, time zone, the
 *   session-ended flag, the forms with unsaved changes): each has its reset beside it.
 * What a file changes by hand beyond these (a prototype, a window property) it puts back itself.
 * Tests replace what they need by passing it (a parameter, a prop, a context, fetch or another
 * browser global), never by mocking a module: ESLint forbids `vi.mock`.
 */
import { vi } from 'vitest';
import { forgetUnsavedForms } from '../components/unsaved-changes';
import { resetBusinessTimeZone } from '../lib/business-timezone';
import { resetConfigCache } from '../lib/config';
import { resetPageSeed } from '../lib/page-seed';
import { resetPrefetched } from '../lib/prefetched';
import { acknowledgeSessionEnd } from '../lib/storage';

type Attributes = [name: string, value: string][];
type FreshPage = {
  url: string;
  /** URL's own createObjectURL and revokeObjectURL as the environment made them. */
  objectUrls: [key: string, descriptor: PropertyDescriptor | undefined][];
  html: Attributes;
  head: { attributes: Attributes; inner: string };
  body: { attributes: Attributes; inner: string };
};

const attributesOf = (el: Element): Attributes => [...el.attributes].map((a) => [a.name, a.value]);

function setAttributes(el: Element, attributes: Attributes): void {
  for (const name of el.getAttributeNames()) el.removeAttribute(name);
  for (const [name, value] of attributes) el.setAttribute(name, value);
}

function clearCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

/**
 * Back to an address, wherever the window is: a clicked download link takes happy-dom's window to its
 * blob: address (another origin, which history.replaceState may not leave).
 */
function goTo(url: string): void {
  const env = globalThis as typeof globalThis & {
    happyDOM?: { setURL(url: string): void };
    jsdom?: { reconfigure(options: { url: string }): void };
  };
  if (env.happyDOM) env.happyDOM.setURL(url);
  else if (env.jsdom) env.jsdom.reconfigure({ url });
  else window.history.replaceState(null, '', url);
}

const OBJECT_URL_KEYS = ['createObjectURL', 'revokeObjectURL'];

// The first file of a worker sees the page as the environment made it: every later file starts there.
const FRESH = Symbol.for('zevar.web.fresh-page');
const store = globalThis as typeof globalThis & { [FRESH]?: FreshPage };
const fresh = (store[FRESH] ??= {
  url: window.location.href,
  objectUrls: OBJECT_URL_KEYS.map((key) => [key, Object.getOwnPropertyDescriptor(URL, key)]),
  html: attributesOf(document.documentElement),
  head: { attributes: attributesOf(document.head), inner: document.head.innerHTML },
  body: { attributes: attributesOf(document.body), inner: document.body.innerHTML },
});

/** Puts the page, the timers, the globals and the app's caches back as a fresh worker has them. */
export function resetForNextFile(): void {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();

  const { documentElement: html, head, body } = document;
  for (const node of [...html.childNodes]) if (node !== head && node !== body) node.remove();
  setAttributes(html, fresh.html);
  setAttributes(head, fresh.head.attributes);
  head.innerHTML = fresh.head.inner;
  setAttributes(body, fresh.body.attributes);
  body.innerHTML = fresh.body.inner;
  if (window.location.href !== fresh.url) goTo(fresh.url);
  clearCookies();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // A test may set the scroll position by hand (jsdom does not scroll); where the window's own
  // properties do not take it, this changes nothing.
  for (const key of ['scrollX', 'scrollY', 'pageXOffset', 'pageYOffset'] as const) {
    if (window[key] !== 0) Reflect.set(window, key, 0);
  }
  // Download tests give URL its object URLs by hand.
  for (const [key, descriptor] of fresh.objectUrls) {
    if (descriptor) Object.defineProperty(URL, key, descriptor);
    else Reflect.deleteProperty(URL, key);
  }

  resetConfigCache();
  resetPrefetched();
  resetPageSeed();
  resetBusinessTimeZone();
  acknowledgeSessionEnd();
  forgetUnsavedForms();
}

resetForNextFile();
