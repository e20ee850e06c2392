import { test, expect, env, totpCode as codeAt, shot } from './fixtures';

test.use({ viewport: { width: 1280, height: 900 } });

test('a vendor turns on two-step verification and signs in with a code', async ({ page, makeVendor }) => {
  const vendor = await makeVendor();
  await page.goto('/login');
  await page.getByLabel('Username').fill(vendor.username);
  await page.getByLabel('Password', { exact: true }).fill(vendor.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);

  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expect(page.getByText('This device')).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-step verification' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const confirm = page.getByRole('form', { name: 'Confirm two-step verification' });
  await confirm.getByLabel('Code from the app').fill('000000');
  await confirm.getByRole('button', { name: 'Turn on' }).click();
  await expect(confirm.getByText(/not valid or has already been used/)).toBeVisible();
  const enrolledAt = Date.now();
  await confirm.getByLabel('Code from the app').fill(codeAt(secret, enrolledAt));
  await confirm.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByTestId('recovery-codes');
  await expect(codes.getByText('Two-step verification is on.')).toBeVisible();
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const download = page.waitForEvent('download');
  await codes.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('zevar-recovery-codes.txt');
  await shot(page, `${env.dataDir}/second-factor-codes.png`, { fullPage: true });
  await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.goto('/login');
  await page.getByLabel('Username').fill(vendor.username);
  await page.getByLabel('Password', { exact: true }).fill(vendor.password);
  await page.getByRole('button', { name: 'Login' }).click();
  const step = page.getByRole('form', { name: 'Two-step verification' });
  await expect(step).toBeVisible();
  // The code used to turn it on cannot sign in again: the app's next code does.
  await step.getByLabel('Code').fill(codeAt(secret, enrolledAt));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByText(/already been used/)).toBeVisible();
  await shot(page, `${env.dataDir}/second-factor-step.png`, { fullPage: true });
  await step.getByLabel('Code').fill(codeAt(secret, enrolledAt + 30_000));
  await step.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);

  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page.getByTestId('recovery-left')).toHaveText('10 recovery codes left.');
});
