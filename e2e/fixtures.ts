import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  test as base,
  expect,
  request as requests,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

export { expect };

export const env = {
  baseURL: process.env.E2E_BASE_URL!,
  dataDir: process.env.E2E_DATA_DIR!,
  admin: { username: process.env.E2E_ADMIN_USERNAME!, password: process.env.E2E_ADMIN_PASSWORD! },
};

export const uid = () => randomBytes(4).toString('hex');

export type Vendor = { username: string; password: string; id: number };
export type Plan = 'FREE' | 'BASIC' | 'STANDARD' | 'PREMIUM';
/** A vendor with a public shop at `/{slug}` on `plan`. */
export type Shop = Vendor & { slug: string; plan: Plan };

export type MadeCategory = { id: number; name: string };
export type MadeProduct = { id: number; name: string; sku: string; slug: string; price: number };
export type MadeCoupon = { id: number; code: string };

/** Catalogue rows a test makes through the admin API; each is removed when the test ends if it can be. */
export interface Catalogue {
  /** A PNG uploaded as a catalogue image: its stored name. */
  image(): Promise<string>;
  /** A category (a main one, or a child of `parent`) with uploaded image and banner. */
  category(options?: { name?: string; parent?: MadeCategory; vendorPlan?: Plan }): Promise<MadeCategory>;
  /** An MRP product in `category`, in stock; any field of the product API may be overridden. */
  product(category: MadeCategory, overrides?: Record<string, unknown>): Promise<MadeProduct>;
  /** A coupon valid for a year (₹100 off one item unless overridden). */
  coupon(overrides?: Record<string, unknown>): Promise<MadeCoupon>;
}

// A 4x4 PNG; the server re-encodes every upload, so any real image will do.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVR4nGM4uUgdjhiI4wAAl7IZITrJEY0AAAAASUVORK5CYII=',
  'base64',
);

/** A vendor registered through the API, with a strong password. */
async function registerVendor(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
): Promise<Vendor> {
  const username = `e2e_${uid()}`;
  const password = `Pw@${uid()}A1`;
  const res = await request.post('/api/user/register', {
    data: {
      type: 'vendor',
      username,
      password,
      email: `${username}@example.in`,
      name: 'E2E Vendor',
      bussinessName: 'E2E Jewels',
      description: 'A vendor created by the end-to-end tests.',
      contact: {
        phone: '9876543210',
        addressLine1: '1 MG Road',
        city: 'Pune',
        state: 'Maharashtra',
        pincode: '411001',
      },
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { username, password, id: ((await res.json()) as { id: number }).id };
}

/**
 * Signs in through the login page (the real form) and waits for the redirect. Journeys of the form
 * itself use it (auth.spec.ts, once per kind of account); every other journey uses `signIn`.
 */
export async function signInWithForm(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
}

/**
 * Signs in as the login form does, without rendering its page: the answer of POST /api/user/login
 * is kept in the browser's storage under the keys the app's `saveLogin` writes, and the user's home
 * opens (the vendor or admin dashboard, as after the form). A login page costs a whole render of the
 * app on a loaded machine; the form has its own journeys (`signInWithForm`).
 */
export async function signIn(page: Page, username: string, password: string) {
  const res = await page.request.post(`${env.baseURL}/api/user/login`, { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  const login = (await res.json()) as { token?: string; userType: string; userId: number; roles: string[] };
  expect(login.token, 'a sign-in without a second step').toBeTruthy();
  // Storage belongs to the shop's origin: a page without the app (a JSON answer) opens it.
  if (!page.url().startsWith(env.baseURL)) await page.goto(`${env.baseURL}/api/health`);
  await page.evaluate((login) => {
    localStorage.setItem('token', login.token!);
    localStorage.setItem('userType', login.userType);
    localStorage.setItem('userId', String(login.userId));
    localStorage.setItem('userRoles', JSON.stringify(login.roles));
  }, login);
  const type = login.userType.toUpperCase();
  const home = type === 'VENDOR' ? '/vendor/dashboard' : type === 'ADMIN' ? '/admin/dashboard' : '/';
  await page.goto(`${env.baseURL}${home}`);
}

/**
 * A screenshot taken only for people to look at the screen (no test reads it): written only when
 * `E2E_SCREENSHOTS` is set, so a test run does not spend Chromium's time encoding them.
 */
export async function shot(target: Page | Locator, file: string, options: { fullPage?: boolean } = {}) {
  if (!process.env.E2E_SCREENSHOTS) return;
  await target.screenshot({ path: file, ...options });
}

/** The message dialog that says `message`: its OK button, and it closes. */
export async function acknowledge(page: Page, message: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: message });
  // Waited for longer than a step, a busy CI machine can be slow; and when another dialog answered
  // instead (an error), the failure says what it said.
  await expect(dialog)
    .toBeVisible({ timeout: 20_000 })
    .catch(async (err: Error) => {
      const shown = await page.getByRole('dialog').allInnerTexts();
      throw new Error(`${err.message}\nDialogs shown instead: ${JSON.stringify(shown)}`);
    });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

/** The .eml files the server wrote to DATA_DIR/outbox (no SMTP configured in e2e). */
export function outboxMessages(): string[] {
  const dir = path.join(env.dataDir, 'outbox');
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'));
  } catch {
    return [];
  }
}

/** The one-time token of the invitation mailed to `email` (waits for the mail to be written). */
export async function invitationToken(email: string): Promise<string> {
  let token = '';
  await expect
    .poll(
      () => {
        const mail = outboxMessages()
          .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
          .find((m) => m.includes(email) && m.includes('accept-invite'));
        token = mail?.match(/accept-invite\?token=([\w-]+)/)?.[1] ?? '';
        return token;
      },
      { timeout: 45_000 },
    )
    .not.toBe('');
  return token;
}

/** The code an authenticator app shows for `secret` at `at` (ms), with the same library as the server. */
export const totpCode = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

type Fixtures = {
  cspViolations: string[];
  hydrationErrors: string[];
  /** API calls as the e2e admin (a SUPER_ADMIN), for arranging data quickly. */
  adminRequest: APIRequestContext;
  /**
   * Registers a vendor for this test; every vendor made is deleted when the test ends (or deactivated,
   * when it has orders and so must be kept).
   */
  makeVendor: (overrides?: Record<string, unknown>) => Promise<Vendor>;
  /**
   * A vendor with an open shop on a plan (FREE unless said), made and removed like `makeVendor`'s;
   * its slug is `e2e-` and a random part unless one is given.
   */
  makeShop: (plan?: Plan, options?: { slug?: string }) => Promise<Shop>;
  /** Categories, products and coupons for this test (see `Catalogue`). */
  catalogue: Catalogue;
};

/** Deletes what a test made, newest first; rows that others now reference (a sold product) stay. */
async function removeAll(request: APIRequestContext, urls: string[]) {
  for (const url of urls.reverse()) {
    const res = await request.delete(url);
    expect([204, 404, 409], `removing ${url}: ${await res.text()}`).toContain(res.status());
  }
}

/**
 * Marks the document: `data-e2e-ssr` when the server sent the page rendered (the #root element had
 * content before any script ran), `data-e2e-hydrated` once the app announced it had taken it over.
 */
function markHydration() {
  document.addEventListener('readystatechange', () => {
    // 'interactive' comes after parsing and before deferred and module scripts run.
    if (document.readyState === 'interactive' && document.getElementById('root')?.firstElementChild)
      document.documentElement.setAttribute('data-e2e-ssr', '');
  });
  window.addEventListener('zevar:first-screen-hydrated', () =>
    document.documentElement.setAttribute('data-e2e-hydrated', ''),
  );
}

/** Pages whose loads do not wait for the app (a journey holding the app's script back on purpose). */
const notWaitingForHydration = new WeakSet<Page>();
const waitingPages = new WeakSet<Page>();

/** After a server-rendered page has loaded, waits for the app to take it over (a JSON or back-office page: not). */
async function hydratedIfServerRendered(page: Page) {
  if (notWaitingForHydration.has(page) || page.isClosed()) return;
  const html = page.locator('html');
  if ((await html.getAttribute('data-e2e-ssr')) === null) return;
  await page.locator('html[data-e2e-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
}

/** `goto` and `reload` of the page return once a server-rendered page is the app's, so no tap on it is lost. */
function waitForHydrationOnLoad(page: Page) {
  if (waitingPages.has(page)) return;
  waitingPages.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const answer = await goto(...args);
    await hydratedIfServerRendered(page);
    return answer;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const answer = await reload(...args);
    await hydratedIfServerRendered(page);
    return answer;
  };
}

/** Every page of `context` waits for the app after each load (see `waitForHydrationOnLoad`). */
async function hydrationAware(context: BrowserContext) {
  await context.addInitScript(markHydration);
  context.on('page', waitForHydrationOnLoad);
  context.pages().forEach(waitForHydrationOnLoad);
}

/** Every context the journeys open, their own `context` and those from `browser.newContext`, is hydration-aware. */
function hydrationAwareBrowser(browser: Browser) {
  if ((browser as { hydrationAware?: boolean }).hydrationAware) return;
  (browser as { hydrationAware?: boolean }).hydrationAware = true;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    await hydrationAware(context);
    return context;
  };
}

export const test = base.extend<Fixtures, { hydrationAwareBrowser: void }>({
  hydrationAwareBrowser: [
    async ({ browser }, use) => {
      hydrationAwareBrowser(browser);
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  /**
   * Every journey runs under the server's Content-Security-Policy: a CSP violation reported by
   * Chromium on any page (storefront, sandbox payment window, back office) fails the test.
   */
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (msg) => {
        if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      await use(violations);
      expect(violations, 'CSP violations').toEqual([]);
    },
    { auto: true },
  ],
  /**
   * A server-rendered page the web app could not take over as it was (a hydration mismatch, which
   * React reports as an uncaught error and mends by rendering again) fails the test.
   */
  hydrationErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => {
        if (/Minified React error #(418|419|421|422|423|425)\b|hydrat/i.test(error.message))
          errors.push(error.message);
      });
      await use(errors);
      expect(errors, 'hydration errors').toEqual([]);
    },
    { auto: true },
  ],
  adminRequest: async ({ request }, use) => {
    const login = await request.post('/api/user/login', { data: env.admin });
    expect(login.status()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const context = await requests.newContext({
      baseURL: env.baseURL,
      extraHTTPHeaders: { Authorization: `Bearer ${token}` },
    });
    await use(context);
    await context.dispose();
  },
  makeVendor: async ({ request, adminRequest }, use) => {
    const made: Vendor[] = [];
    await use(async (overrides) => {
      const vendor = await registerVendor(request, overrides);
      made.push(vendor);
      return vendor;
    });
    for (const vendor of made) {
      const res = await adminRequest.delete(`/api/user/${vendor.id}`);
      // A vendor with orders is kept for the books (409); its shop is closed instead.
      if (res.status() === 409) {
        const closed = await adminRequest.put(`/api/user/${vendor.id}/deactivate`);
        expect(closed.status(), `deactivating e2e vendor ${vendor.username}`).toBe(200);
      } else expect([204, 404], `deleting e2e vendor ${vendor.username}`).toContain(res.status());
    }
  },
  makeShop: async ({ makeVendor, adminRequest }, use) => {
    await use(async (plan = 'FREE', { slug = `e2e-${uid()}` } = {}) => {
      const vendor = await makeVendor();
      const { version } = (await (await adminRequest.get(`/api/user/${vendor.id}`)).json()) as {
        version: number;
      };
      const profile = await adminRequest.put(`/api/user/${vendor.id}`, {
        data: {
          version,
          type: 'vendor',
          slug,
          name: 'E2E Vendor',
          email: `${vendor.username}@example.in`,
          bussinessName: `E2E Jewels ${slug}`,
          description: 'A vendor created by the end-to-end tests.',
          contact: {
            phone: '9876543210',
            addressLine1: '1 MG Road',
            city: 'Pune',
            state: 'Maharashtra',
            pincode: '411001',
          },
        },
      });
      expect(profile.status(), await profile.text()).toBe(200);
      if (plan !== 'FREE') {
        const res = await adminRequest.post('/api/user/vendors/update-plan', {
          data: { vendorId: vendor.id, plan },
        });
        expect(res.status(), await res.text()).toBe(200);
      }
      return { ...vendor, slug, plan };
    });
  },
  catalogue: async ({ adminRequest }, use) => {
    const made: string[] = [];
    const created = async <T>(url: string, data: unknown): Promise<T> => {
      const res = await adminRequest.post(url, { data });
      expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
      return (await res.json()) as T;
    };
    const image = async () => {
      const res = await adminRequest.post('/api/image/uploads', {
        multipart: { file: { name: 'e2e.png', mimeType: 'image/png', buffer: PNG } },
      });
      expect(res.status(), await res.text()).toBe(201);
      return res.text();
    };
    /** The metal products are made of (every product names one): the first there is, else one made here. */
    let metalId: number | undefined;
    const metal = async () => {
      if (metalId !== undefined) return metalId;
      const res = await adminRequest.get('/api/metals');
      expect(res.status(), await res.text()).toBe(200);
      const [first] = (await res.json()) as { id: number }[];
      if (first) return (metalId = first.id);
      const row = await created<{ id: number }>('/api/metals', { name: `E2E Metal ${uid()}`, price: 100 });
      made.push(`/api/metals/${row.id}`);
      return (metalId = row.id);
    };
    await use({
      image,
      async category({ name = `E2E Category ${uid()}`, parent, vendorPlan = 'FREE' } = {}) {
        const [picture, banner] = await Promise.all([image(), image()]);
        const row = await created<MadeCategory>('/api/category', {
          name,
          parentCategory: parent ? { id: parent.id } : null,
          image: picture,
          banner,
          vendorPlan,
        });
        made.push(`/api/category/${row.id}`);
        return { id: row.id, name: row.name };
      },
      async product(category, overrides = {}) {
        const id = uid();
        const row = await created<MadeProduct>('/api/products', {
          name: `E2E Piece ${id}`,
          sku: `E2E-${id}`,
          productType: 'MRP',
          price: 1_250.5,
          stock: 20,
          category: { id: category.id },
          metal: { id: await metal() },
          vendorPlan: 'FREE',
          ...overrides,
        });
        made.push(`/api/products/${row.id}`);
        return { id: row.id, name: row.name, sku: row.sku, slug: row.slug, price: row.price };
      },
      async coupon(overrides = {}) {
        const row = await created<MadeCoupon>('/api/coupon-codes', {
          code: `E2E${uid().toUpperCase()}`,
          type: 'APPLY_WITH_QUANTITY',
          discount: 100,
          quantity: 1,
          expiryDate: new Date(Date.now() + 365 * 24 * 3_600_000).toISOString(),
          description: 'An end-to-end coupon',
          confirmLargeDiscount: true,
          ...overrides,
        });
        made.push(`/api/coupon-codes/${row.id}`);
        return { id: row.id, code: row.code };
      },
    });
    await removeAll(adminRequest, made);
  },
});

/**
 * Holds the web app's script back until the returned function is called: meanwhile the page is the
 * server's markup alone, as on a slow phone before the app has run (decision 0021).
 */
export async function holdApp(page: Page): Promise<() => void> {
  notWaitingForHydration.add(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Call before loading a storefront page: the returned function waits until the app has taken the
 * page over (StorefrontLayout's 'zevar:first-screen-hydrated'), for the page loaded last.
 */
export async function watchHydration(page: Page): Promise<() => Promise<void>> {
  await page.addInitScript(() => {
    window.addEventListener('zevar:first-screen-hydrated', () =>
      document.documentElement.setAttribute('data-e2e-hydrated', ''),
    );
  });
  return async () => {
    await page.waitForSelector('html[data-e2e-hydrated]', { state: 'attached' });
  };
}
