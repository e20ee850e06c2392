// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STALE_EDIT_MESSAGE, type Category } from '@zevar/domain';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../../test/utils';
import CategoriesSection from './CategoriesSection';

const category = (over: Partial<Category> = {}): Category => ({
  id: 7,
  name: 'Bangles',
  slug: 'bangles',
  image: 'a'.repeat(32) + '.webp',
  banner: 'b'.repeat(32) + '.webp',
  parentCategory: null,
  vendorPlan: 'FREE',
  hsnCode: null,
  subCategoryCount: 0,
  version: 1,
  ...over,
});

describe('category manager', () => {
  it('an edit over a newer version is refused: the message and the newer values are shown', async () => {
    signIn('ADMIN', ['SUPER_ADMIN']);
    const puts: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/category' && (init.method ?? 'GET') === 'GET') return jsonResponse([category()]);
      if (url === '/api/category/7' && init.method === 'PUT') {
        puts.push(JSON.parse(init.body as string));
        return jsonResponse(
          {
            code: 'CONFLICT',
            message: STALE_EDIT_MESSAGE,
            current: category({ name: 'Bangles by someone else', version: 2 }),
          },
          409,
        );
      }
      return notFound();
    });
    renderRoutes([{ path: '/', element: <CategoriesSection /> }], '/');
    const user = userEvent.setup();
    const card = await screen.findByRole('listitem', { name: 'Bangles' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const name = screen.getByLabelText(/Category Name/);
    await user.clear(name);
    await user.type(name, 'Bangles mine');
    await user.click(screen.getByRole('button', { name: 'Update Category' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(STALE_EDIT_MESSAGE);
    expect(puts).toEqual([expect.objectContaining({ name: 'Bangles mine', version: 1 })]);
    expect(screen.getByLabelText(/Category Name/)).toHaveValue('Bangles by someone else');
  });
});
