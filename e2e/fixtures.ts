import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  test as base,
  expect,
  request as requests,
  type APIRequestContext,
  type Page,
} from '@playwright/test';

export { expect };

export const env = {
  baseURL: process.env.E2E_BASE_URL!,
  dataDir: process.env.E2E_DATA_DIR!,
  admin: { username: process.env.E2E_ADMIN_USERNAME!, password: process.env.E2E_ADMIN_PASSWORD! },
};

export const uid = () => randomBytes(4).toString('hex');

export type Vendor = { username: string; password: string; id: number };

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

/** Signs in through the login page (the real form) and waits for the redirect. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
}

/** The message dialog that says `message`: its OK button, and it closes. */
export async function acknowledge(page: Page, message: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: message });
  await expect(dialog).toBeVisible();
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

type Fixtures = {
  cspViolations: string[];
  /** API calls as the e2e admin (a SUPER_ADMIN), for arranging data quickly. */
  adminRequest: APIRequestContext;
  /** Registers a vendor for this test; every vendor made is deleted when the test ends. */
  makeVendor: (overrides?: Record<string, unknown>) => Promise<Vendor>;
};

export const test = base.extend<Fixtures>({
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
      expect([204, 404], `deleting e2e vendor ${vendor.username}`).toContain(res.status());
    }
  },
});
