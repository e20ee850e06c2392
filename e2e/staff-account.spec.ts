import { test, expect, acknowledge, env, invitationToken, signIn, totpCode, uid } from './fixtures';

/** Screenshots for looking at the screens (E2E_SCREENSHOTS=dir); none in a normal run. */
async function shot(page: import('@playwright/test').Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test.use({ viewport: { width: 1280, height: 900 } });

/**
 * Issue 23's journey: a SUPER_ADMIN invites a colleague from the Vendors screen; the colleague
 * accepts through the mailed link in their own browser, turns on two-step verification, changes a
 * price, and the product's history names them as the one who changed it, from what to what.
 */
test('an invited colleague joins, turns on two-step verification and their price change is in the history', async ({
  page,
  browser,
  catalogue,
}) => {
  const category = await catalogue.category();
  const product = await catalogue.product(category, { price: 15000 });
  const email = `staff_${uid()}@example.in`;
  const name = `Staff ${uid()}`;

  await signIn(page, env.admin.username, env.admin.password);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name: 'Vendors', exact: true })
    .click();
  await page.getByRole('button', { name: 'Invite Admin' }).click();
  const invite = page.getByRole('form', { name: 'Invite Admin' });
  await invite.getByLabel('Name').fill(name);
  await invite.getByLabel('Email').fill(email);
  await invite.getByRole('checkbox', { name: 'MANAGE_PRODUCTS' }).check();
  // A product's history is shown to those who may read the audit trail.
  await invite.getByRole('checkbox', { name: 'VIEW_AUDIT' }).check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();

  // The colleague, in a browser of their own, opens the mailed link.
  const token = await invitationToken(email);
  const context = await browser.newContext({ baseURL: env.baseURL, viewport: { width: 1280, height: 900 } });
  const staff = await context.newPage();
  try {
    await staff.goto(`/accept-invite?token=${token}`);
    const accept = staff.getByRole('form', { name: 'Join the Zevar team' });
    await expect(staff.getByText(`Welcome, ${name}.`)).toBeVisible();
    const username = `staff_${uid()}`;
    const password = `St@1${uid()}${uid()}`;
    await accept.getByLabel('Username').fill(username);
    await accept.getByLabel('Password', { exact: true }).fill(password);
    await accept.getByLabel('Confirm Password').fill(password);
    await accept.getByRole('button', { name: 'Accept and sign in' }).click();
    await expect(staff.getByText('Signed in as')).toContainText(name);

    await staff.getByRole('link', { name: 'Security' }).click();
    await staff.getByRole('button', { name: 'Set up two-step verification' }).click();
    await expect(staff.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await staff.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    const confirm = staff.getByRole('form', { name: 'Confirm two-step verification' });
    await confirm.getByLabel('Code from the app').fill(totpCode(secret, Date.now()));
    await confirm.getByRole('button', { name: 'Turn on' }).click();
    const codes = staff.getByTestId('recovery-codes');
    await expect(codes.getByText('Two-step verification is on.')).toBeVisible();
    await shot(staff, 'staff-recovery-codes-1280');
    await codes.getByRole('button', { name: 'I have saved them' }).click();

    // The colleague changes the price; the product's history says who, from what and to what.
    const search = staff.getByPlaceholder('Search products...');
    await search.fill(product.name);
    const row = staff.getByRole('row').filter({ hasText: product.name });
    await row.getByRole('button', { name: `Edit ${product.name}` }).click();
    const edit = staff.getByRole('dialog', { name: 'Edit Product' });
    await edit.getByRole('spinbutton', { name: /^Price \(₹\)/ }).fill('17250');
    await edit.getByRole('button', { name: 'Update Product' }).click();
    await acknowledge(staff, 'Product updated successfully');

    await row.getByRole('button', { name: `Edit ${product.name}` }).click();
    const change = edit.getByRole('region', { name: 'History' }).getByRole('listitem').first();
    await expect(change).toContainText(`${name} (${email})`);
    await expect(change).toContainText('₹15,000.00');
    await expect(change).toContainText('₹17,250.00');
    await change.scrollIntoViewIfNeeded();
    await shot(staff, 'staff-price-history-1280');
  } finally {
    await context.close();
  }
});
