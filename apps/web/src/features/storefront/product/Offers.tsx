import { useEffect, useRef, useState } from 'react';
import {
  COPIED_INDICATOR_MS,
  COUPONS_SHOWN,
  ERROR_TITLE,
  SUCCESS_TITLE,
  STOREFRONT_MESSAGES,
  type Coupon,
} from '@zevar/domain';
import { useDialog } from '../../../components/dialog/dialog-context';
import { formatInr } from '../../../lib/format';
import { CouponApplyButton } from './CouponApplyButton';
import { useCouponSelection, type CouponBasket } from './use-coupon-selection';

/**
 * Available Offers: two coupons, 'See More Offers' / 'Show Less'; a click copies the code; Apply checks a
 * coupon against the chosen quantity and price (the selection is shown here; the cart does not carry it).
 */
export function Offers({ coupons, basket }: { coupons: Coupon[]; basket: CouponBasket }) {
  const dialog = useDialog();
  const selection = useCouponSelection(basket);
  const [expanded, setExpanded] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const live = coupons.filter((c) => !c.expired);
  if (live.length === 0) return null;
  const shown = expanded ? live : live.slice(0, COUPONS_SHOWN);

  const copy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(code);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(null), COPIED_INDICATOR_MS);
      await dialog.success(SUCCESS_TITLE, STOREFRONT_MESSAGES.couponCopied);
    } catch {
      await dialog.error(ERROR_TITLE, STOREFRONT_MESSAGES.couponCopyFailed);
    }
  };

  return (
    <section aria-labelledby="available-offers" className="space-y-2">
      <h2 id="available-offers" className="font-sans text-base font-semibold tracking-normal">
        Available Offers
      </h2>
      <ul className="space-y-2">
        {shown.map((c) => (
          <li key={c.id} className="flex gap-2">
            <button
              type="button"
              onClick={() => void copy(c.code)}
              className="flex min-w-0 flex-1 items-start justify-between gap-3 rounded-lg border border-dashed border-gold-500 bg-gold-50 p-3 text-left hover:bg-gold-100"
            >
              {/* Named by all it shows (the spaces part the lines for a screen reader). */}
              <span className="min-w-0">
                <span className="sr-only">Copy coupon code</span>{' '}
                <span className="block font-mono text-sm font-bold text-gold-800">{c.code}</span>{' '}
                <span className="block text-sm">
                  {formatInr(c.discount, 0)} off · {c.description}
                </span>{' '}
                <span className="block text-xs text-taupe">{c.condition}</span>
              </span>{' '}
              <span className="shrink-0 text-xs font-semibold text-gold-800" aria-live="polite">
                {copied === c.code ? 'Copied!' : 'Tap to copy'}
              </span>
            </button>
            <CouponApplyButton
              coupon={c}
              applied={selection.applied?.code === c.code}
              pending={selection.pending === c.code}
              disabled={basket.quantity < 1}
              onApply={() => void selection.apply(c)}
              onRemove={selection.remove}
            />
          </li>
        ))}
      </ul>
      {selection.applied && (
        <p className="text-sm font-medium text-emerald-700" role="status">
          Coupon {selection.applied.code} applied: you save {formatInr(selection.applied.discount)}
        </p>
      )}
      {live.length > COUPONS_SHOWN && (
        <button type="button" className="link text-sm" onClick={() => setExpanded((e) => !e)}>
          {expanded ? 'Show Less' : 'See More Offers'}
        </button>
      )}
    </section>
  );
}
