// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Category } from '@zevar/domain';
import { renderRoutes } from '../../../test/utils';
import { CategoryForm } from './CategoryForm';

const rings: Category = {
  id: 4,
  name: 'Rings',
  slug: 'rings',
  image: 'rings.webp',
  banner: 'rings-banner.webp',
  parentCategory: null,
  vendorPlan: 'FREE',
  hsnCode: null,
  subCategoryCount: 0,
};

describe('category form HSN code', () => {
  it('shows a malformed HSN code on its field, and sends a good one without spaces', async () => {
    const onSubmit = vi.fn().mockResolvedValue(true);
    const onInvalid = vi.fn();
    const form = (
      <CategoryForm
        editing={rings}
        mainCategories={[rings]}
        busy={false}
        onSubmit={onSubmit}
        onInvalid={onInvalid}
        onCancel={() => {}}
      />
    );
    renderRoutes([{ path: '/', element: form }], '/');
    const user = userEvent.setup();
    const hsn = screen.getByLabelText('HSN Code');
    await user.type(hsn, '71131');
    await user.click(screen.getByRole('button', { name: 'Update Category' }));
    expect(
      await screen.findByText('Enter an HSN code of 4, 6 or 8 digits, such as 711319'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onInvalid).not.toHaveBeenCalled();
    await user.clear(hsn);
    await user.type(hsn, '7113 19');
    await user.click(screen.getByRole('button', { name: 'Update Category' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ name: 'Rings', hsnCode: '711319' }));
  });
});
