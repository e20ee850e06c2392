// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/utils';
import PlanSelector from './PlanSelector';

const plans = [
  {
    id: 1,
    plan: 'FREE',
    options: [{ id: 11, durationInMonths: 12, price: 0, active: true }],
    features: ['Shop'],
  },
  {
    id: 2,
    plan: 'BASIC',
    options: [
      { id: 21, durationInMonths: 6, price: 999, active: true },
      { id: 22, durationInMonths: 12, price: 1800, active: true },
    ],
    features: ['Kundan sets'],
  },
];

function renderSelector(answer: () => Response, currentPlan?: 'FREE' | 'BASIC') {
  signIn('VENDOR', [], 7);
  mockFetch(answer);
  const onConfirm = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: <PlanSelector onClose={vi.fn()} onConfirm={onConfirm} currentPlan={currentPlan} />,
      },
    ],
    '/',
  );
  return { onConfirm, user: userEvent.setup() };
}

describe('Choose Your Plan', () => {
  it('preselects the first plan and its first option, and confirms a changed duration', async () => {
    const { onConfirm, user } = renderSelector(() => jsonResponse(plans));
    expect(await screen.findByRole('button', { name: 'Selected' })).toBeInTheDocument();
    expect(screen.getByText('₹166.50')).toBeInTheDocument();
    await user.selectOptions(screen.getAllByLabelText('Duration')[1]!, '22');
    await user.click(screen.getByRole('button', { name: 'Confirm Selection' }));
    expect(onConfirm).toHaveBeenCalledWith({ plan: 'BASIC', vendorPlanId: 2, subscriptionOptionId: 22 });
  });

  it("preselects and marks the vendor's current plan", async () => {
    const { onConfirm, user } = renderSelector(() => jsonResponse(plans), 'BASIC');
    const basic = await screen.findByRole('group', { name: 'Basic plan' });
    expect(within(basic).getByText('Current Plan')).toBeInTheDocument();
    expect(within(basic).getByRole('button', { name: 'Selected' })).toBeInTheDocument();
    const free = screen.getByRole('group', { name: 'Free plan' });
    expect(within(free).queryByText('Current Plan')).not.toBeInTheDocument();
    expect(within(free).getByRole('button', { name: 'Select Plan' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm Selection' }));
    expect(onConfirm).toHaveBeenCalledWith({ plan: 'BASIC', vendorPlanId: 2, subscriptionOptionId: 21 });
  });

  it("shows 'Failed to load plans' inline when the plans cannot be read", async () => {
    renderSelector(() => jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load plans');
    expect(screen.getByRole('button', { name: 'Confirm Selection' })).toBeDisabled();
  });
});
