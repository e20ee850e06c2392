import type { Page } from '@playwright/test';
import { test, expect, env, signIn, shot } from './fixtures';

async function openMetals(page: Page) {
  await signIn(page, env.admin.username, env.admin.password);
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await nav.getByRole('button', { name: 'Metals', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Metals Management' })).toBeVisible();
}

const rupees = (n: number) => Math.round(n * 100) / 100;

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a rate change shows what it changes, asks twice above 10 %, is recorded on the card, and the prices summary sets gold and silver together', async ({
      page,
      request,
    }) => {
      const before = (await (await request.get('/api/metals/prices')).json()) as {
        gold: number;
        silver: number;
      };
      await openMetals(page);

      const card = page.getByRole('listitem', { name: 'Silver' });
      await card.getByRole('button', { name: 'Edit' }).click();
      const small = rupees(before.silver * 1.05);
      await card.getByLabel('Price per gram').fill(String(small));
      await card.getByRole('button', { name: 'Save' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm Rate Change' });
      await expect(confirm).toContainText(/\d+ product prices? changes?/);
      await expect(confirm).toContainText('→');
      await shot(page, `${process.env.E2E_DATA_DIR}/metal-confirm-${width}.png`);
      await confirm.getByRole('button', { name: 'Save Rate' }).click();
      await expect(page.getByRole('dialog', { name: 'Large Rate Change' })).toHaveCount(0);
      const done = page.getByRole('dialog').filter({ hasText: 'Metal updated successfully' });
      await done.getByRole('button', { name: 'OK' }).click();
      await card.getByText(/Rate history/).click();
      await expect(
        card.getByRole('list', { name: 'Rate history' }).getByRole('listitem').first(),
      ).toContainText(env.admin.username);

      const summary = page.getByRole('region', { name: 'Metal prices' });
      await summary.getByRole('button', { name: 'Edit prices' }).click();
      const big = rupees(before.gold * 1.2);
      await summary.getByLabel('Gold per gram (₹)').fill(String(big));
      await summary.getByRole('button', { name: 'Save' }).click();
      await page
        .getByRole('dialog', { name: 'Confirm Rate Change' })
        .getByRole('button', { name: 'Save Rate' })
        .click();
      const twice = page.getByRole('dialog', { name: 'Large Rate Change' });
      await expect(twice).toContainText('more than 10 %');
      await shot(page, `${process.env.E2E_DATA_DIR}/metal-twice-${width}.png`);
      await twice.getByRole('button', { name: 'Yes, save it' }).click();
      await page
        .getByRole('dialog')
        .filter({ hasText: 'Metal prices updated successfully' })
        .getByRole('button', { name: 'OK' })
        .click();
      const after = (await (await request.get('/api/metals/prices')).json()) as {
        gold: number;
        silver: number;
      };
      expect(after).toMatchObject({ gold: big, silver: small });
      await shot(page, `${process.env.E2E_DATA_DIR}/metals-${width}.png`, { fullPage: true });
    });
  });
}
