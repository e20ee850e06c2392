import { useEffect, useRef, useState } from 'react';
import { STOREFRONT_MESSAGES, clampQuantity } from '@zevar/domain';
import { useDialog } from './dialog/dialog-context';

export interface QuantityBoxProps {
  value: number;
  stock: number;
  onChange: (quantity: number) => void;
  /** Names the group for screen readers when a page has several boxes (e.g. 'Quantity of Ring'). */
  label?: string;
  size?: 'sm' | 'md';
}

/** A whole number 1..stock typed so far (leading zeros allowed, e.g. '07'), or undefined. */
function liveQuantity(draft: string, stock: number): number | undefined {
  if (!/^\d+$/.test(draft)) return undefined;
  const n = Number.parseInt(draft, 10);
  return n >= 1 && n <= stock ? n : undefined;
}

/**
 * Quantity with minus and plus (storefront spec section 5). The shopper types freely; the rules apply
 * when the value is committed (blur, Enter, and so before Add to Cart / Buy Now use it, since pressing
 * them blurs the box): a non-number or below 1 becomes 1, a fraction is floored ('2.5' → 2), leading
 * zeros are read as decimal ('07' → 7), above stock is clamped with the 'Stock Limit' dialog.
 * While typing, a valid whole number in range is passed on at once without rewriting the text.
 * Disabled when stock is 0. The one quantity control of the shop: product page and cart.
 */
export function QuantityBox({ value, stock, onChange, label = 'Quantity', size = 'md' }: QuantityBoxProps) {
  const pad = size === 'sm' ? 'py-1' : 'py-2';
  const dialog = useDialog();
  const [draft, setDraft] = useState(String(value));
  const disabled = stock < 1;
  // Follow outside changes, but keep the shopper's text when it already means this value ('07' = 7),
  // and never while they type: a late answer would rewrite the box under their fingers ('2' + '2' =
  // '22'). Leaving the box commits what it shows.
  const typing = useRef(false);
  useEffect(() => {
    if (!typing.current) setDraft((d) => (liveQuantity(d, Infinity) === value ? d : String(value)));
  }, [value]);

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
      aria-label={label}
    >
      <button
        type="button"
        className={`px-3 ${pad} text-lg leading-none disabled:opacity-40`}
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
        className={`w-14 border-x border-sand ${pad} text-center text-sm outline-none disabled:bg-cream`}
        value={disabled ? '0' : draft}
        disabled={disabled}
        onChange={(e) => {
          const next = e.target.value;
          setDraft(next);
          const live = liveQuantity(next, stock);
          if (live !== undefined && live !== value) onChange(live);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit(draft);
          }
        }}
        onFocus={() => {
          typing.current = true;
        }}
        onBlur={() => {
          typing.current = false;
          commit(draft);
        }}
      />
      <button
        type="button"
        className={`px-3 ${pad} text-lg leading-none disabled:opacity-40`}
        aria-label="Increase quantity"
        disabled={disabled}
        onClick={() => commit(value + 1)}
      >
        +
      </button>
    </div>
  );
}
