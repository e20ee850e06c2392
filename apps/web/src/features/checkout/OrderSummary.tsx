import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { applyCouponBody, type Checkout } from '@zevar/domain';
import { ImageWithFallback } from '../../components/ImageWithFallback';
import { formatInr } from '../../lib/format';

/** The API's `{ code }` body: a trimmed code of 1 to 50 characters. */
const couponCodeSchema = applyCouponBody.options[1];

export interface OrderSummaryProps {
  checkout: Checkout;
  onApplyCoupon: (code: string) => Promise<void>;
  onRemoveCoupon: (code: string) => Promise<void>;
  locked: boolean;
  className?: string;
}

/**
 * Items, coupon input with Apply (one coupon per order: while one is applied it shows as a removable
 * badge instead), subtotal, discount, round-off (only when the rounding changed the sum) and total.
 */
export function OrderSummary({
  checkout,
  onApplyCoupon,
  onRemoveCoupon,
  locked,
  className = '',
}: OrderSummaryProps) {
  const form = useForm<{ code: string }>({
    resolver: zodResolver(couponCodeSchema),
    defaultValues: { code: '' },
  });
  const code = useWatch({ control: form.control, name: 'code' });
  const apply = form.handleSubmit(async (values) => {
    await onApplyCoupon(values.code);
    form.reset();
  });
  const [removing, setRemoving] = useState(false);
  const pending = form.formState.isSubmitting || removing;
  return (
    <section className={`card min-w-0 p-6 ${className}`} aria-labelledby="summary-title">
      <h2 id="summary-title" className="mb-4 text-lg">
        Order Summary
      </h2>
      <ul className="divide-y divide-sand">
        {checkout.items.map((item) => (
          <li key={item.productSku} className="flex items-center gap-3 py-3">
            <ImageWithFallback src={item.image} alt={item.name} className="size-14 rounded-md object-cover" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{item.name}</p>
              <p className="text-xs text-taupe">
                Qty {item.quantity} × {formatInr(item.price)}
              </p>
            </div>
            <p className="shrink-0 text-sm font-semibold whitespace-nowrap">{formatInr(item.lineTotal)}</p>
          </li>
        ))}
      </ul>
      {checkout.appliedCoupons.length === 0 && (
        <form className="mt-4 flex gap-2" noValidate onSubmit={(event) => void apply(event)}>
          <label htmlFor="coupon-code" className="sr-only">
            Coupon code
          </label>
          <input
            id="coupon-code"
            className="input min-w-0 flex-1"
            placeholder="Coupon code"
            maxLength={50}
            disabled={locked}
            {...form.register('code')}
          />
          <button type="submit" className="btn-outline" disabled={locked || pending || code.trim() === ''}>
            Apply
          </button>
        </form>
      )}
      {checkout.appliedCoupons.length > 0 && (
        <>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Applied coupons">
            {checkout.appliedCoupons.map((c) => (
              <li
                key={c.code}
                className="inline-flex items-center gap-1 rounded-full bg-emerald-50 py-1 pr-1 pl-3 text-xs font-medium text-emerald-800"
              >
                {c.code} (−{formatInr(c.discount)})
                <button
                  type="button"
                  className="flex size-6 items-center justify-center rounded-full hover:bg-emerald-100 disabled:opacity-40"
                  aria-label={`Remove coupon ${c.code}`}
                  disabled={locked || pending}
                  onClick={() => {
                    setRemoving(true);
                    void onRemoveCoupon(c.code).finally(() => setRemoving(false));
                  }}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-taupe">One coupon per order. Remove it to use another.</p>
        </>
      )}
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd data-testid="checkout-subtotal">{formatInr(checkout.subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Discount</dt>
          <dd data-testid="checkout-discount">−{formatInr(checkout.discount)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd className="text-emerald-700">Free</dd>
        </div>
        {checkout.roundOff > 0 && (
          <div className="flex justify-between">
            <dt>Round off</dt>
            <dd data-testid="checkout-round-off">+{formatInr(checkout.roundOff)}</dd>
          </div>
        )}
        <div className="flex justify-between border-t border-sand pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{formatInr(checkout.totalAmount)}</dd>
        </div>
      </dl>
    </section>
  );
}
