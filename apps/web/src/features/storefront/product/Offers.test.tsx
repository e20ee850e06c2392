// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Coupon } from '@zevar/domain';
import { DialogProvider } from '../../../components/dialog/DialogProvider';
import { jsonResponse, mockFetch } from '../../../test/utils';
import { Offers } from './Offers';

const coupon: Coupon = {
  id: 1,
  code: 'GOLD250',
  type: 'APPLY_WITH_QUANTITY',
  discount: 250,
  quantity: 2,
  minimumTotalPrice: 0,
  expiryDate: '2099-01-01T00:00:00.000Z',
  description: 'Save on two or more',
  expired: false,
  condition: 'On orders of 2 or more items',
};

function setup(answer: () => Response | Promise<Response>) {
  const fetchMock = mockFetch(() => answer());
  render(
    <DialogProvider>
      <Offers coupons={[coupon]} basket={{ quantity: 2, unitPrice: 1500 }} />
    </DialogProvider>,
  );
  return { fetchMock, user: userEvent.setup() };
}

describe('product page offers: applying a coupon', () => {
  it('checks the coupon against the quantity and price x quantity, shows the saving and lets it be removed', async () => {
    const { fetchMock, user } = setup(() => jsonResponse(true));
    await user.click(screen.getByRole('button', { name: 'Apply coupon GOLD250' }));
    expect(await screen.findByRole('dialog', { name: 'Success' })).toHaveAccessibleDescription(
      'Coupon applied! You save ₹250',
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/coupon-codes/apply?code=GOLD250&quantity=2&totalPrice=3000',
    );
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    const remove = screen.getByRole('button', { name: 'Remove coupon GOLD250' });
    expect(remove).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Coupon GOLD250 applied');
    await user.click(remove);
    expect(screen.getByRole('button', { name: 'Apply coupon GOLD250' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.queryByText(/Coupon GOLD250 applied/)).not.toBeInTheDocument();
  });

  it("says 'This coupon cannot be applied' when the server answers false", async () => {
    const { user } = setup(() => jsonResponse(false));
    await user.click(screen.getByRole('button', { name: 'Apply coupon GOLD250' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveAccessibleDescription(
      'This coupon cannot be applied',
    );
  });

  it("says 'Failed to apply coupon' when the request fails", async () => {
    const { user } = setup(() => jsonResponse({ code: 'INTERNAL', message: 'boom' }, 500));
    await user.click(screen.getByRole('button', { name: 'Apply coupon GOLD250' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveAccessibleDescription(
      'Failed to apply coupon',
    );
  });
});

/** The text a button shows (what is not only for screen readers), its white space collapsed. */
function shownText(button: HTMLElement): string {
  const copy = button.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('.sr-only')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}
const anywhereIn = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'));

describe('product page offers: the buttons are named by what they show', () => {
  const everyButton = () => screen.getAllByRole('button').filter((b) => !b.closest('[role="dialog"]'));

  it('the coupon, its Apply, Applying... and Remove buttons each include their visible text in their name', async () => {
    let answer: (value: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    const { user } = setup(() => pending);
    const check = () => {
      for (const button of everyButton()) {
        expect(shownText(button)).not.toBe('');
        expect(button).toHaveAccessibleName(anywhereIn(shownText(button)));
      }
    };
    check();
    expect(screen.getByRole('button', { name: /^Copy coupon code GOLD250 .*Tap to copy$/ })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Apply coupon GOLD250' }));
    expect(screen.getByRole('button', { name: 'Applying... coupon GOLD250' })).toBeDisabled();
    check();
    answer(jsonResponse(true));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(screen.getByRole('button', { name: 'Remove coupon GOLD250' })).toBeVisible();
    check();
  });
});
