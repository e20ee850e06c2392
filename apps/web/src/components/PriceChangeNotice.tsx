import { PRICE_CHANGE_TEXT } from '@zevar/domain';
import { formatInr } from '../lib/format';

export interface ChangedLine {
  key: string | number;
  name: string;
  /** Today's unit price (what is charged). */
  price: number;
  /** The unit price the shopper saw before; null when unchanged. */
  previousPrice: number | null;
}

export interface PriceChangeNoticeProps {
  lines: ChangedLine[];
  /** The server's total difference over the changed lines (below 0 when prices fell). */
  change: number;
  note: string;
  /** Shown as a button when the shopper can acknowledge the new prices (the cart). */
  onAcknowledge?: () => void;
  className?: string;
}

/**
 * Which lines cost something else than when the shopper last saw them, old → new per unit, and what
 * that does to the total (issue 20 item 14). Nothing when no price changed.
 */
export function PriceChangeNotice({
  lines,
  change,
  note,
  onAcknowledge,
  className = '',
}: PriceChangeNoticeProps) {
  const changed = lines.filter((l) => l.previousPrice !== null);
  if (changed.length === 0) return null;
  return (
    <section
      role="status"
      aria-labelledby="price-change-title"
      data-testid="price-change-notice"
      className={`rounded-md border border-gold-300 bg-gold-50 px-4 py-3 text-sm ${className}`}
    >
      <h2 id="price-change-title" className="font-medium">
        {PRICE_CHANGE_TEXT.title}
      </h2>
      <ul className="mt-2 space-y-1">
        {changed.map((l) => (
          <li key={l.key} className="break-words" data-testid="price-change-line">
            <span className="font-medium">{l.name}</span>:{' '}
            <s className="text-taupe">{formatInr(l.previousPrice ?? 0)}</s> →{' '}
            <strong>{formatInr(l.price)}</strong> {PRICE_CHANGE_TEXT.each}
          </li>
        ))}
      </ul>
      {change !== 0 && (
        <p className="mt-2 font-medium" data-testid="price-change-total">
          {PRICE_CHANGE_TEXT.total(formatInr(Math.abs(change)), change > 0)}
        </p>
      )}
      <p className="mt-1 text-xs text-taupe">{note}</p>
      {onAcknowledge && (
        <button type="button" className="btn-outline mt-3 text-sm" onClick={onAcknowledge}>
          {PRICE_CHANGE_TEXT.acknowledge}
        </button>
      )}
    </section>
  );
}
