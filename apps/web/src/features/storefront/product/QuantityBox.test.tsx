import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DialogProvider } from '../../../components/dialog/DialogProvider';
import { QuantityBox } from './QuantityBox';

function Harness({ stock, initial = 1 }: { stock: number; initial?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <DialogProvider>
      <QuantityBox value={value} stock={stock} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </DialogProvider>
  );
}

const setup = (stock: number, initial?: number) => {
  render(<Harness stock={stock} initial={initial} />);
  return {
    user: userEvent.setup(),
    input: screen.getByRole('textbox', { name: 'Quantity' }),
    value: () => screen.getByTestId('value').textContent,
  };
};

describe('quantity box', () => {
  it('increases and decreases within 1 and the stock', async () => {
    const { user, value } = setup(3);
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(value()).toBe('3');
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(value()).toBe('2');
  });

  it('turns a non-number into 1', async () => {
    const { user, input, value } = setup(5, 3);
    await user.clear(input);
    await user.type(input, 'abc');
    expect(value()).toBe('1');
    expect(input).toHaveValue('1');
  });

  it('turns an emptied box into 1 when it loses focus', async () => {
    const { user, input, value } = setup(5, 3);
    await user.clear(input);
    await user.tab();
    expect(value()).toBe('1');
  });

  it('clamps above the stock and shows the Stock Limit dialog', async () => {
    const { user, input, value } = setup(4);
    await user.clear(input);
    await user.type(input, '9');
    expect(value()).toBe('4');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Stock Limit');
    expect(dialog).toHaveTextContent('Maximum available quantity is 4');
  });

  it('shows the dialog when plus would pass the stock', async () => {
    const { user, value } = setup(1);
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(value()).toBe('1');
    expect(await screen.findByText('Maximum available quantity is 1')).toBeInTheDocument();
  });

  it('is disabled when the stock is 0', () => {
    const { input } = setup(0, 0);
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  });
});
