import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  ORDER_LIMIT_TEXT,
  PAYMENT_TEXT,
  PRICE_CHANGE_TEXT,
  STOREFRONT_MESSAGES,
  type CartQuoteLine,
} from '@zevar/domain';
import { PageSpinner } from '../../components/Spinner';
import { useDialog } from '../../components/dialog/dialog-context';
import { api, isApiError } from '../../lib/api';
import {
  checkoutIdSchema,
  removeFromCart,
  cartKey,
  storeCheckoutId,
  updateQuantity,
  type CartLine,
} from '../../lib/cart';
import { formatInr } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useVendorSlug } from '../../lib/use-vendor-slug';
import { useOrderLimits } from '../../lib/use-order-limits';
import type { OrderLimits } from '../../lib/config';
import { CartLineRow } from './CartLineRow';
import { WaitingOrders } from '../../components/WaitingOrders';
import { PriceChangeNotice } from '../../components/PriceChangeNotice';
import { rememberSeenPrices, useCartLines, useCartQuote, useShopPlanCheck } from './cart-api';

/** Stored lines asking for more than the quote says is left are kept at the stock (cart_items too). */
function useKeepAtStock(stored: CartLine[], quoted: CartQuoteLine[] | undefined) {
  useEffect(() => {
    if (!quoted) return;
    for (const line of quoted) {
      const mine = stored.find((l) => l.productId === line.productId);
      if (line.available && line.stock >= 1 && mine && mine.quantity > line.stock) {
        updateQuantity(line.productId, line.stock, line.stock);
      }
    }
  }, [stored, quoted]);
}

/**
 * What the quantity box shows: the stored quantity (the quote answers after it changes), kept at the
 * stock the quote reports, as useKeepAtStock stores it.
 */
function chosenQuantity(stored: CartLine[], line: CartQuoteLine): number {
  const chosen = stored.find((l) => l.productId === line.productId)?.quantity ?? line.quantity;
  return line.stock >= 1 ? Math.min(chosen, line.stock) : chosen;
}

/** What breaks the per-item and per-order caps, told before the shopper goes to the address form. */
function orderLimitProblems(stored: CartLine[], available: CartQuoteLine[], limits: OrderLimits): string[] {
  const chosen = available.map((l) => ({ name: l.name, quantity: chosenQuantity(stored, l) }));
  const problems = chosen
    .filter((l) => l.quantity > limits.perItem)
    .map((l) => ORDER_LIMIT_TEXT.lineOver(l.name, limits.perItem));
  const pieces = chosen.reduce((n, l) => n + l.quantity, 0);
  if (pieces > limits.perOrder) problems.push(ORDER_LIMIT_TEXT.cartOver(pieces, limits.perOrder));
  return problems;
}

/** The server's reason (e.g. 'Only 12 of … left in stock'), else the specification's text. */
const proceedError = (err: unknown) =>
  isApiError(err) && err.status >= 400 && err.message ? err.message : STOREFRONT_MESSAGES.checkoutFailed;

function EmptyCart({ home }: { home: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl">{PAYMENT_TEXT.cartEmpty}</h1>
      <Link to={home} className="btn-primary mt-6">
        Continue Shopping
      </Link>
    </div>
  );
}

export default function CartPage() {
  useDocumentTitle('Cart');
  const slug = useVendorSlug();
  const home = `/${encodeURIComponent(slug)}`;
  const plan = useShopPlanCheck(slug);
  const lines = useCartLines();
  const quote = useCartQuote(slug, lines);
  const limits = useOrderLimits();
  const dialog = useDialog();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  useKeepAtStock(lines, quote.data?.lines);
  // A line with no remembered price (a cart from before prices were remembered) takes today's as seen.
  const quoted = quote.isPlaceholderData ? undefined : quote.data?.lines;
  useEffect(() => {
    if (quoted) rememberSeenPrices(quoted, false);
  }, [quoted]);

  if (plan.isError) return <Navigate to="/" replace />;
  if (lines.length === 0) return <EmptyCart home={home} />;
  if (!quote.data || plan.isPending) {
    return quote.isError ? (
      <p className="p-8 text-center text-red-700">Could not load your cart. Please try again.</p>
    ) : (
      <PageSpinner />
    );
  }

  const available = quote.data.lines.filter((l) => l.available && l.stock > 0);
  const overLimit = limits ? orderLimitProblems(lines, available, limits) : [];
  const outOfStock = quote.data.lines.some((l) => l.available && l.stock < 1);
  const setQuantity = (line: CartQuoteLine, quantity: number) => {
    if (quantity >= 1) updateQuantity(line.productId, quantity, line.stock);
  };

  const proceed = async () => {
    setSubmitting(true);
    try {
      // The price the shopper last saw goes with each line: the checkout tells a change not yet acknowledged.
      const items = available.map((l) => ({
        productSku: l.sku,
        quantity: l.quantity,
        price: l.previousPrice ?? l.price,
        name: l.name,
        image: l.image,
      }));
      const { checkoutId } = await api.post('/checkout', items, {
        query: { vendorSlug: slug, cartKey: cartKey() },
        schema: checkoutIdSchema,
      });
      storeCheckoutId(checkoutId);
      void navigate(`${home}/checkout/${checkoutId}`);
    } catch (err) {
      void queryClient.invalidateQueries({ queryKey: ['cart-quote'] });
      await dialog.error('Error', proceedError(err));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section className="min-w-0" aria-labelledby="cart-title">
        <h1 id="cart-title" className="mb-4 text-2xl">
          Shopping Cart
        </h1>
        <div className="mb-4 empty:hidden">
          <WaitingOrders />
        </div>
        <PriceChangeNotice
          className="mb-4"
          lines={quote.data.lines.map((l) => ({ ...l, key: l.productId }))}
          change={quote.data.priceChange}
          note={PRICE_CHANGE_TEXT.cartNote}
          onAcknowledge={() => rememberSeenPrices(quote.data.lines, true)}
        />
        <ul className="flex flex-col gap-4">
          {quote.data.lines.map((line) => (
            <CartLineRow
              key={line.productId}
              line={line}
              slug={slug}
              quantity={chosenQuantity(lines, line)}
              onQuantity={(q) => setQuantity(line, q)}
              onRemove={() => removeFromCart(line.productId)}
            />
          ))}
        </ul>
      </section>
      <aside className="card h-fit p-6" aria-labelledby="summary-title">
        <h2 id="summary-title" className="mb-4 text-lg">
          Order Summary
        </h2>
        <dl className="space-y-2 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd data-testid="cart-subtotal">{formatInr(quote.data.subtotal)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Shipping</dt>
            <dd className="text-emerald-700">{PAYMENT_TEXT.freeShipping}</dd>
          </div>
          {quote.data.roundOff > 0 && (
            <div className="flex justify-between">
              <dt>Round off</dt>
              <dd data-testid="cart-round-off">+{formatInr(quote.data.roundOff)}</dd>
            </div>
          )}
          <div className="flex justify-between border-t border-sand pt-2 text-base font-semibold">
            <dt>Total</dt>
            <dd data-testid="cart-total">{formatInr(quote.data.total)}</dd>
          </div>
        </dl>
        {limits && (
          <div className="mt-4 space-y-1 text-xs" data-testid="order-limits">
            {overLimit.length === 0 && (
              <p className="text-taupe">{ORDER_LIMIT_TEXT.caps(limits.perItem, limits.perOrder)}</p>
            )}
            {overLimit.map((text) => (
              <p key={text} className="text-sm text-red-700" role="alert">
                {text}
              </p>
            ))}
          </div>
        )}
        <button
          type="button"
          className="btn-primary mt-6 w-full"
          disabled={
            submitting || available.length === 0 || outOfStock || overLimit.length > 0 || quote.isFetching
          }
          onClick={() => void proceed()}
        >
          Proceed to Checkout
        </button>
        {outOfStock && (
          <p className="mt-2 text-sm text-red-700" role="alert">
            Remove the out-of-stock items to proceed.
          </p>
        )}
        <Link to={home} className="btn-outline mt-3 w-full">
          Continue Shopping
        </Link>
      </aside>
    </div>
  );
}
