import { discountPercent, rupeesToPaise } from '@zevar/domain';
import { formatInr } from '../lib/format';

export interface PriceProps {
  /** Rupees. */
  amount: number;
  /** Rupees; shown struck through, with the discount percent, when above the price. */
  original?: number | null;
  fractionDigits?: number;
  className?: string;
}

/** '₹12,345.00' with an optional original price and discount percent. */
export function Price({ amount, original, fractionDigits = 2, className = '' }: PriceProps) {
  const percent = original ? discountPercent(rupeesToPaise(amount), rupeesToPaise(original)) : 0;
  return (
    <span className={`inline-flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className="font-semibold text-ink">{formatInr(amount, fractionDigits)}</span>
      {percent > 0 && original && (
        <>
          <s className="text-sm text-taupe">
            <span className="sr-only">Original price </span>
            {formatInr(original, fractionDigits)}
          </s>
          <span className="text-sm font-medium text-emerald-700">{percent}% off</span>
        </>
      )}
    </span>
  );
}
