import { useEffect, useState } from 'react';
import { STOREFRONT_MESSAGES, clampQuantity } from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';

export interface QuantityBoxProps {
  value: number;
  stock: number;
  onChange: (quantity: number) => void;
}

/**
 * Quantity with minus and plus (storefront spec section 5): a non-number or below 1 becomes 1; above
 * stock is clamped with the 'Stock Limit' dialog; disabled when stock is 0.
 */
export function QuantityBox({ value, stock, onChange }: QuantityBoxProps) {
  const dialog = useDialog();
  const [draft, setDraft] = useState(String(value));
  const disabled = stock < 1;
  useEffect(() => setDraft(String(value)), [value]);

  const commit = (raw: unknown) => {
    const { quantity, clamped } = clampQuantity(raw, stock);
    setDraft(String(quantity));
    onChange(quantity);
    if (clamped)
      void dialog.error(STOREFRONT_MESSAGES.stockLimitTitle, STOREFRONT_MESSAGES.stockLimit(stock));
  };

  return (
    <div
      className="inline-flex items-center rounded-md border border-sand bg-white"
      role="group"
      aria-label="Quantity"
    >
      <button
        type="button"
        className="px-3 py-2 text-lg leading-none disabled:opacity-40"
        aria-label="Decrease quantity"
        disabled={disabled || value <= 1}
        onClick={() => commit(value - 1)}
      >
        −
      </button>
      <input
        type="text"
        inputMode="numeric"
        aria-label="Quantity"
        className="w-14 border-x border-sand py-2 text-center text-sm outline-none disabled:bg-cream"
        value={disabled ? '0' : draft}
        disabled={disabled}
        onChange={(e) => {
          // An emptied box waits for the next digit (or blur) instead of jumping to 1 mid-edit.
          if (e.target.value === '') setDraft('');
          else commit(e.target.value);
        }}
        onBlur={() => {
          if (draft === '') commit('');
        }}
      />
      <button
        type="button"
        className="px-3 py-2 text-lg leading-none disabled:opacity-40"
        aria-label="Increase quantity"
        disabled={disabled}
        onClick={() => commit(value + 1)}
      >
        +
      </button>
    </div>
  );
}
