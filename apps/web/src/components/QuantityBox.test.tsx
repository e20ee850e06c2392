// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DialogProvider } from './dialog/DialogProvider';
import { QuantityBox } from './QuantityBox';

function Harness({ stock, initial = 1 }: { stock: number; initial?: number }) {
  const [value, setValue] = useState(initial);
  const [added, setAdded] = useState<number | undefined>();
  return (
    <DialogProvider>
      <QuantityBox value={value} stock={stock} onChange={setValue} />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setAdded(value)}>
        Add to Cart
      </button>
      <output data-testid="added">{added}</output>
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

  const typeAndCommit = async (stock: number, text: string, commitWith: 'blur' | 'enter' = 'blur') => {
    const ctx = setup(stock, 3);
    await ctx.user.clear(ctx.input);
    await ctx.user.type(ctx.input, text);
    expect(ctx.input).toHaveValue(text);
    if (commitWith === 'enter') await ctx.user.keyboard('{Enter}');
    else await ctx.user.tab();
    return ctx;
  };

  it('lets the shopper type freely and reads leading zeros as decimal', async () => {
    const { input, value } = await typeAndCommit(12, '07');
    expect(value()).toBe('7');
    expect(input).toHaveValue('7');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('turns a negative number into 1 when committed', async () => {
    const { input, value } = await typeAndCommit(12, '-3');
    expect(value()).toBe('1');
    expect(input).toHaveValue('1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('floors a fraction when committed', async () => {
    const { input, value } = await typeAndCommit(12, '2.5', 'enter');
    expect(value()).toBe('2');
    expect(input).toHaveValue('2');
  });

  it('turns a non-number into 1 when committed', async () => {
    const { input, value } = await typeAndCommit(5, 'abc');
    expect(value()).toBe('1');
    expect(input).toHaveValue('1');
  });

  it('turns an emptied box into 1 when it loses focus', async () => {
    const { user, input, value } = setup(5, 3);
    await user.clear(input);
    await user.tab();
    expect(value()).toBe('1');
  });

  it('passes a valid in-range number on while typing', async () => {
    const { user, input, value } = setup(12);
    await user.clear(input);
    await user.type(input, '10');
    expect(value()).toBe('10');
    expect(input).toHaveValue('10');
  });

  it('clamps above the stock with the Stock Limit dialog when committed', async () => {
    const { input, value } = await typeAndCommit(12, '50', 'enter');
    expect(value()).toBe('12');
    expect(input).toHaveValue('12');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Stock Limit');
    expect(dialog).toHaveTextContent('Maximum available quantity is 12');
  });

  it('shows the dialog when plus would pass the stock', async () => {
    const { user, value } = setup(1);
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(value()).toBe('1');
    expect(await screen.findByText('Maximum available quantity is 1')).toBeInTheDocument();
  });

  it('commits the typed quantity before Add to Cart uses it', async () => {
    const { user, input } = setup(12);
    await user.clear(input);
    await user.type(input, '07');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByTestId('added')).toHaveTextContent('7');
    expect(input).toHaveValue('7');
  });

  it('keeps what the shopper types when a late answer changes the value meanwhile', async () => {
    const onChange = vi.fn();
    const box = (value: number) => (
      <DialogProvider>
        <QuantityBox value={value} stock={50} onChange={onChange} />
      </DialogProvider>
    );
    const { rerender } = render(box(1));
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'Quantity' });
    await user.clear(input);
    rerender(box(2)); // the cart quote for an earlier quantity answers now
    await user.type(input, '2');
    expect(input).toHaveValue('2');
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('2');
    expect(onChange).toHaveBeenLastCalledWith(2);
    await user.tab();
    rerender(box(4)); // outside the box, outside changes show
    expect(input).toHaveValue('4');
  });

  it('is disabled when the stock is 0', () => {
    const { input } = setup(0, 0);
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  });
});
