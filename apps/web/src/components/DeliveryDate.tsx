import { useEffect, useState, type FormEvent } from 'react';
import { DELIVERY_TEXT, PAYMENT_TEXT, PIN_CODE_PATTERN } from '@zevar/domain';
import { rememberPin, rememberedPin, useDeliveryEstimate } from '../lib/delivery-estimate';

import { isApiError } from '../lib/api';

/**
 * The product page's 'Delivery by <date>' box (issue 22 item 6): the shopper's PIN code (remembered
 * in this browser) and the date the piece would arrive if ordered today, or that it cannot be
 * delivered there. Its code is not part of the page's first script.
 */
function DeliveryDateBox({ shop }: { shop: string }) {
  const [pin, setPin] = useState('');
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  // The remembered PIN code is read once the page is on screen: the server's markup (the empty box)
  // and the first render in the browser must be the same.
  useEffect(() => {
    const remembered = rememberedPin();
    if (!remembered) return;
    setPin(remembered);
    setDraft(remembered);
    setEditing(false);
  }, []);
  const estimate = useDeliveryEstimate(editing ? null : pin, shop);

  const check = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim();
    if (!PIN_CODE_PATTERN.test(value)) return setProblem(PAYMENT_TEXT.invalidPin);
    setProblem(null);
    setPin(value);
    rememberPin(value);
    setEditing(false);
  };

  return (
    <section aria-label={DELIVERY_TEXT.heading} className="rounded-md border border-sand px-4 py-3 text-sm">
      {editing ? (
        <form noValidate onSubmit={check} className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor="delivery-pin" className="label">
              {DELIVERY_TEXT.pinLabel}
            </label>
            <input
              id="delivery-pin"
              className="input"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              placeholder="560025"
              value={draft}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'delivery-pin-error' : undefined}
              onChange={(e) => setDraft(e.target.value.replace(/\D/g, ''))}
            />
          </div>
          <button type="submit" className="btn-outline">
            {DELIVERY_TEXT.check}
          </button>
          {problem && (
            <p id="delivery-pin-error" role="alert" className="field-error w-full">
              {problem}
            </p>
          )}
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2" aria-live="polite">
          <p className="min-w-0">
            {estimate.isPending ? (
              DELIVERY_TEXT.checking
            ) : estimate.isError ? (
              <span className="text-red-700">
                {isApiError(estimate.error) && estimate.error.status === 400
                  ? estimate.error.message
                  : DELIVERY_TEXT.unavailable}
              </span>
            ) : estimate.data?.serviceable ? (
              <>
                <strong data-testid="delivery-date">{estimate.data.message}</strong>
                <span className="text-taupe"> to {pin}</span>
              </>
            ) : (
              <span className="text-red-700">{estimate.data?.message}</span>
            )}
          </p>
          <button
            type="button"
            className="link text-sm"
            onClick={() => {
              setDraft(pin);
              setEditing(true);
            }}
          >
            {DELIVERY_TEXT.change}
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * Checkout's delivery date for the shipping PIN code (issue 22 item 6): 'Delivery by <date>', or the
 * reason the PIN code cannot be delivered to, told to the page (`onUnserved`) so that it refuses to
 * take the payment.
 */
function CheckoutLine({
  pin,
  shop,
  onUnserved,
}: {
  pin: string;
  shop: string;
  onUnserved: (message: string | undefined) => void;
}) {
  const estimate = useDeliveryEstimate(pin, shop);
  const unserved = estimate.data?.serviceable === false ? estimate.data.message : undefined;
  useEffect(() => onUnserved(unserved), [unserved, onUnserved]);
  if (!estimate.data) return null;
  return (
    <p
      className={`text-sm ${unserved ? 'text-red-700' : 'font-medium'}`}
      role={unserved ? 'alert' : undefined}
      data-testid="checkout-delivery-date"
    >
      {estimate.data.message}
    </p>
  );
}

/**
 * 'Delivery by <date>' (issue 22 item 6), one lazily loaded chunk for both places: without `pin`, the
 * product page's box where the shopper enters a PIN code; with it, checkout's line for the shipping
 * address's PIN code.
 */
export default function DeliveryDate(
  props: { shop: string } & (
    { pin?: undefined } | { pin: string; onUnserved: (message: string | undefined) => void }
  ),
) {
  return props.pin === undefined ? (
    <DeliveryDateBox shop={props.shop} />
  ) : (
    <CheckoutLine pin={props.pin} shop={props.shop} onUnserved={props.onUnserved} />
  );
}
