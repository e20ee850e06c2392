import type { Page } from '@playwright/test';
import { test, expect, acknowledge, env, signIn, uid } from './fixtures';

async function confirm(page: Page, message: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: message });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}

async function openSection(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name: label, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `${label} Management` })).toBeVisible();
}

test('a vendor names its shop, sees the public link and browses the products it can sell', async ({
  page,
  makeVendor,
}) => {
  const id = uid();
  const vendor = await makeVendor({ name: `Shop Owner ${id}` });
  await signIn(page, vendor.username, vendor.password);
  await expect(page).toHaveURL(/\/vendor\/dashboard/);
  await expect(page.getByText('Please enter your website name to create your vendor page')).toBeVisible();

  await page.getByRole('tabpanel').getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Username')).toHaveValue(vendor.username);
  await page.getByLabel('Website Name').fill(`shop-${id}`);
  await page.getByLabel('Account Holder Name').fill('Shop Owner');
  await page.getByLabel('Account Number').fill('123456789012');
  await page.getByLabel('IFSC Code').fill('SBIN0000001');
  await page.getByLabel('Bank Name').fill('State Bank of India');
  await page.getByRole('button', { name: 'Save' }).click();
  await acknowledge(page, 'Profile updated successfully');

  const shopLink = page.getByRole('link', { name: new RegExp(`/shop-${id}$`) });
  await expect(shopLink).toHaveAttribute('href', `/shop-${id}`);

  await page.getByRole('tab', { name: 'All Products' }).click();
  await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
  const share = page.getByRole('link', { name: /Share .* on WhatsApp/ }).first();
  await expect(share).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\?text=.*shop-${id}%2Fproduct%2F`),
  );
  await page.getByLabel('Search products').fill('Lakshmi Coin');
  await expect(page.getByRole('heading', { name: 'Lakshmi Coin Gold Necklace' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Lakshmi Coin Gold Necklace/ }).first()).toHaveAttribute(
    'href',
    new RegExp(`/shop-${id}/product/lakshmi-coin-gold-necklace$`),
  );

  await page.getByRole('tab', { name: 'Payout History' }).click();
  await expect(page.getByText('No payout history found')).toBeVisible();
});

test('a super admin deactivates and reactivates a vendor, and manages email templates', async ({
  page,
  makeVendor,
}) => {
  const id = uid();
  const name = `Managed Vendor ${id}`;
  await makeVendor({ name });
  await signIn(page, env.admin.username, env.admin.password);
  await openSection(page, 'Vendors');

  await page.getByLabel('Search users').fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Deactivate ${name}` }).click();
  await acknowledge(page, 'User deactivated successfully');
  await expect(row).toContainText('Inactive');
  await row.getByRole('button', { name: `Activate ${name}` }).click();
  await acknowledge(page, 'User activated successfully');
  await expect(row).not.toContainText('Inactive');

  await row.getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Basic Information' })).toBeVisible();
  await expect(page.getByText('No payout history found')).toBeVisible();
  await page.getByRole('button', { name: 'Back to List' }).click();

  const templateName = `Welcome ${id}`;
  await openSection(page, 'Email Templates');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Create Template' })).toBeVisible();
  await expect(page.getByLabel('From')).toBeDisabled();
  await page.getByLabel('Name').fill(templateName);
  await page.getByLabel('Subject').fill('Welcome to Zevar');
  // Email HTML is styled inline; the strict CSP must not strip those styles from the editor or preview.
  await page.getByRole('button', { name: 'HTML', exact: true }).click();
  await page
    .getByRole('textbox', { name: 'Body' })
    .fill('<p style="color: rgb(122, 31, 43); padding: 12px">Dear {{customerName}}, welcome.</p>');
  await page.getByRole('button', { name: 'Visual', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Body' }).locator('p')).toHaveCSS(
    'color',
    'rgb(122, 31, 43)',
  );
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const previewBody = page.frameLocator('iframe[title="Email preview"]').locator('p');
  await expect(previewBody).toContainText('Dear Asha Rao, welcome.');
  await expect(previewBody).toHaveCSS('padding', '12px');
  await page.getByRole('button', { name: 'Save' }).click();
  await acknowledge(page, 'Template created successfully');

  const item = page.getByRole('listitem').filter({ hasText: templateName });
  await expect(item).toContainText('Welcome to Zevar');
  await item.getByRole('button', { name: `Delete ${templateName}` }).click();
  await confirm(page, `Are you sure you want to delete template "${templateName}"?`);
  await acknowledge(page, 'Template deleted successfully');
  await expect(item).toHaveCount(0);
});
