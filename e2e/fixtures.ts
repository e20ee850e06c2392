import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export { expect };

export const env = {
  baseURL: process.env.E2E_BASE_URL!,
  dataDir: process.env.E2E_DATA_DIR!,
  admin: { username: process.env.E2E_ADMIN_USERNAME!, password: process.env.E2E_ADMIN_PASSWORD! },
};

export const uid = () => randomBytes(4).toString('hex');

/** A vendor registered through the API, with a strong password; returns its credentials. */
export async function registerVendor(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
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

/** An API token for the e2e admin, for arranging data quickly. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/user/login', { data: env.admin });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
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

/**
 * Every journey runs under the server's Content-Security-Policy: a CSP violation reported by
 * Chromium on any page (storefront, sandbox payment window, back office) fails the test.
 */
export const test = base.extend<{ cspViolations: string[] }>({
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
});
