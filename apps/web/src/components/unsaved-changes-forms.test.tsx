// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { RootLayout } from '../app/RootLayout';
import { CategoryForm } from '../features/admin/categories/CategoryForm';
import { CouponForm } from '../features/admin/coupons/CouponForm';
import { PlanForm } from '../features/admin/plans/PlanForm';
import { emptyDraft } from '../features/admin/plans/plan-form-model';
import { renderRoutes } from '../test/utils';
import { forgetUnsavedForms, hasUnsavedChanges } from './unsaved-changes';

const cancelled: string[] = [];

/** A page with one form and a link away from it, under the app's root route. */
function page(form: ReactNode) {
  return renderRoutes(
    [
      {
        element: <RootLayout />,
        children: [
          {
            path: '/admin',
            element: (
              <>
                {form}
                <Link to="/elsewhere">Elsewhere</Link>
              </>
            ),
          },
          { path: '/elsewhere', element: <h1>Elsewhere page</h1> },
        ],
      },
    ],
    '/admin',
  );
}

const ask = () => screen.findByRole('dialog', { name: 'Discard Changes?' });
const answer = async (user: ReturnType<typeof userEvent.setup>, button: 'Keep Editing' | 'Discard') =>
  user.click(within(await ask()).getByRole('button', { name: button }));

const category = {
  id: 3,
  name: 'Rings',
  image: 'rings.webp',
  banner: 'rings-banner.webp',
  parentCategory: null,
  vendorPlan: 'FREE',
} as never;

describe('unsaved changes on the category, coupon and plan forms and on route navigation', () => {
  afterEach(() => {
    cancelled.length = 0;
    forgetUnsavedForms();
  });

  it('a link away from a dirty coupon form asks; Keep Editing stays, Discard leaves', async () => {
    const user = userEvent.setup();
    const { router } = page(
      <CouponForm coupon={null} onSave={async () => undefined} onCancel={() => cancelled.push('coupon')} />,
    );
    await user.type(screen.getByLabelText(/Code/), 'DIWALI');
    expect(hasUnsavedChanges()).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await answer(user, 'Keep Editing');
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.getByLabelText(/Code/)).toHaveValue('DIWALI');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await answer(user, 'Keep Editing');
    expect(cancelled).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await answer(user, 'Discard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('an untouched form lets the link go without asking', async () => {
    const user = userEvent.setup();
    const { router } = page(
      <CouponForm coupon={null} onSave={async () => undefined} onCancel={() => cancelled.push('coupon')} />,
    );
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(screen.queryByRole('dialog', { name: 'Discard Changes?' })).not.toBeInTheDocument();
  });

  it("the category form's Cancel asks before throwing edits away", async () => {
    const user = userEvent.setup();
    page(
      <CategoryForm
        editing={category}
        mainCategories={[]}
        busy={false}
        onSubmit={async () => true}
        onInvalid={() => undefined}
        onCancel={() => cancelled.push('category')}
      />,
    );
    await user.type(screen.getByLabelText('Category Name'), ' and Bands');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await answer(user, 'Keep Editing');
    expect(screen.getByLabelText('Category Name')).toHaveValue('Rings and Bands');
    expect(cancelled).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await answer(user, 'Discard');
    expect(cancelled).toEqual(['category']);
  });

  it("the plan form's Cancel asks once a feature was added", async () => {
    const user = userEvent.setup();
    page(
      <PlanForm
        initial={{ ...emptyDraft(), id: 9 }}
        onSubmit={async () => undefined}
        onCancel={() => cancelled.push('plan')}
      />,
    );
    await user.type(screen.getByLabelText('Features'), 'Priority support{Enter}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await answer(user, 'Discard');
    expect(cancelled).toEqual(['plan']);
  });
});
