// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLAN_MSG } from '@zevar/domain';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, notFound, renderRoutes, signIn } from '../../../test/utils';
import PlansSection from './PlansSection';

const basic = {
  id: 3,
  plan: 'BASIC',
  options: [{ id: 9, durationInMonths: 12, price: 4999, active: true }],
  features: ['Basic catalogue'],
};

function renderPlans(
  existing: unknown[] = [],
  created: () => Response = () => jsonResponse({ ...basic, id: 4, plan: 'FREE' }, 201),
) {
  signIn('ADMIN', ['SUPER_ADMIN']);
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/vendor-plan/admin') return jsonResponse(existing);
    if (url === '/api/vendor-plan' && init.method === 'POST') return created();
    return notFound();
  });
  renderRoutes([{ path: '/', element: <PlansSection /> }], '/');
  return { fetchMock, user: userEvent.setup() };
}

async function validationMessage(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Create Plan' }));
  const dialog = await screen.findByRole('dialog', { name: 'Validation Error' });
  const text = within(dialog).getByText(/Please/).textContent;
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  return text;
}

describe('vendor plan form', () => {
  it('starts as a Free plan with 12 and 6 month options at price 0, both active', () => {
    renderPlans();
    expect(screen.getByRole('heading', { name: 'Create New Plan' })).toBeInTheDocument();
    expect(screen.getByLabelText('Plan Type')).toHaveValue('FREE');
    expect(screen.getByLabelText('Duration in months, option 1')).toHaveValue(12);
    expect(screen.getByLabelText('Duration in months, option 2')).toHaveValue(6);
    expect(screen.getByLabelText('Price, option 1')).toHaveValue(0);
    expect(screen.getByRole('switch', { name: 'Status, option 2' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: 'Create Plan' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('explains each validation rule in a Validation Error dialog and sends nothing', async () => {
    const { fetchMock, user } = renderPlans();
    expect(await validationMessage(user)).toBe(PLAN_MSG.feature);

    await user.type(screen.getByLabelText('Features'), 'Priority support{Enter}');
    expect(screen.getByText('Priority support')).toBeInTheDocument();
    expect(screen.getByLabelText('Features')).toHaveValue('');

    await user.clear(screen.getByLabelText('Duration in months, option 1'));
    expect(await validationMessage(user)).toBe(PLAN_MSG.optionFields);

    await user.click(screen.getByRole('button', { name: 'Remove option 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove option 1' }));
    expect(await validationMessage(user)).toBe(PLAN_MSG.option);

    await user.selectOptions(screen.getByLabelText('Plan Type'), '');
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Validation Error' });
    expect(dialog).toHaveAccessibleDescription(PLAN_MSG.selectType);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('steps the duration by 1 from 1 and the price by 100 from 0 (back-office §5)', () => {
    renderPlans();
    const duration = screen.getByLabelText('Duration in months, option 1');
    expect(duration).toHaveAttribute('min', '1');
    expect(duration).toHaveAttribute('step', '1');
    const price = screen.getByLabelText('Price, option 1');
    expect(price).toHaveAttribute('min', '0');
    expect(price).toHaveAttribute('step', '100');
  });

  it("begins a refused create with the specification's 'Failed to create plan', then the server's reason", async () => {
    const { user } = renderPlans([], () =>
      jsonResponse({ code: 'CONFLICT', message: 'A plan of this type already exists' }, 409),
    );
    await user.type(screen.getByLabelText('Features'), 'Listing{Enter}');
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveAccessibleDescription(
      'Failed to create plan: A plan of this type already exists',
    );
  });

  it("adds an option of 1 month at price 0, creates the plan and says 'Plan created successfully'", async () => {
    const { fetchMock, user } = renderPlans();
    await user.click(screen.getByRole('button', { name: 'Add Option' }));
    expect(screen.getByLabelText('Duration in months, option 3')).toHaveValue(1);
    expect(screen.getByLabelText('Price, option 3')).toHaveValue(0);
    await user.type(screen.getByLabelText('Features'), 'Listing');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));

    expect(await screen.findByRole('dialog', { name: 'Success' })).toHaveAccessibleDescription(
      'Plan created successfully',
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      plan: 'FREE',
      features: ['Listing'],
      options: [
        { durationInMonths: 12, price: 0, active: true },
        { durationInMonths: 6, price: 0, active: true },
        { durationInMonths: 1, price: 0, active: true },
      ],
    });
  });

  it('edits an existing plan with the type locked and hides the list while editing', async () => {
    const { user } = renderPlans([basic]);
    expect(await screen.findByText('12 Months - ₹4,999.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Basic plan' }));
    expect(screen.getByRole('heading', { name: 'Edit Plan' })).toBeInTheDocument();
    expect(screen.getByLabelText('Plan Type')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Remove option 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Existing Plans' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Create New Plan' })).toBeInTheDocument());
  });
});
