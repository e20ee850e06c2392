import { test, expect, acknowledge, env, signIn, uid } from './fixtures';

test('a super admin reviews a product’s reviews, writes, edits and deletes one', async ({ page }) => {
  const customer = `Reviewer ${uid()}`;
  await signIn(page, env.admin.username, env.admin.password);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name: 'Reviews', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews Management' })).toBeVisible();
  for (const h of ['Product', 'Average Rating', 'Total Reviews', 'Last Review', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: h })).toBeVisible();
  }

  await page.getByLabel('Search products').fill('Classic Gold Jhumkas');
  await page.getByRole('button', { name: 'View Reviews of Classic Gold Jhumkas' }).click();
  await expect(page.getByRole('button', { name: 'Back to Products' })).toBeVisible();
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(3); // header + the two demo reviews

  await page.getByRole('button', { name: 'Write a Review' }).click();
  const add = page.getByRole('dialog', { name: 'Write a Review' });
  await add.getByRole('button', { name: 'Rate 4 stars' }).click();
  await add.getByLabel('Name').fill(customer);
  await add.getByLabel('Review').fill('Light and sparkly.');
  await add.getByRole('button', { name: 'Submit Review' }).click();
  await acknowledge(page, 'Review added successfully');
  const mine = rows.filter({ hasText: customer });
  await expect(mine).toContainText('Light and sparkly.');

  await mine.getByRole('button', { name: `Edit review by ${customer}` }).click();
  const edit = page.getByRole('dialog', { name: 'Update Review' });
  await edit.getByLabel('Review').fill('');
  await expect(edit.getByText('Review comment is required')).toBeVisible();
  await expect(edit.getByRole('button', { name: 'Update Review' })).toBeDisabled();
  await edit.getByLabel('Review').fill('Even prettier after a month of wear.');
  await edit.getByRole('button', { name: 'Update Review' }).click();
  await acknowledge(page, 'Review updated successfully');
  await expect(mine).toContainText('Even prettier after a month of wear.');

  await mine.getByRole('button', { name: `Delete review by ${customer}` }).click();
  const confirm = page
    .getByRole('dialog')
    .filter({ hasText: 'Are you sure you want to delete this review?' });
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await acknowledge(page, 'Review deleted successfully');
  await expect(mine).toHaveCount(0);
  await expect(rows).toHaveCount(3);

  await page.getByRole('button', { name: 'Back to Products' }).click();
  await expect(page.getByRole('button', { name: 'View Reviews of Classic Gold Jhumkas' })).toBeVisible();
});

test('a shopper’s review waits in the moderation queue until a super admin publishes it', async ({
  page,
  request,
}) => {
  const reviewer = `Queued ${uid()}`;
  const search = await request.get('/api/products/search?keyword=Classic%20Gold%20Jhumkas');
  const product = ((await search.json()) as { content: { id: number }[] }).content[0]!;
  const sent = await request.post('/api/reviews', {
    data: { productId: product.id, name: reviewer, rating: 1, comment: 'Arrived late.' },
  });
  expect(sent.status()).toBe(201);
  const shown = async () =>
    ((await (await request.get(`/api/reviews/product/${product.id}`)).json()) as { name: string }[]).some(
      (r) => r.name === reviewer,
    );
  expect(await shown()).toBe(false);

  await signIn(page, env.admin.username, env.admin.password);
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('button', { name: 'Reviews', exact: true })
    .click();
  const queue = page.getByRole('region', { name: /Awaiting moderation/ });
  await expect(queue.getByText('Arrived late.')).toBeVisible();
  await queue.getByRole('button', { name: `Publish review by ${reviewer}` }).click();
  await acknowledge(page, 'Review published');
  await expect(queue.getByText('Arrived late.')).toHaveCount(0);
  expect(await shown()).toBe(true);
});
