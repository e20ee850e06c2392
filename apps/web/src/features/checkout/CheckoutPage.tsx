import { Suspense, lazy, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_PAN_THRESHOLD_RUPEES,
  HOLD_TEXT,
  MSG,
  PAYMENT_TEXT,
  PRICE_CHANGE_TEXT,
  type Checkout,
} from '@zevar/domain';
import { PageSpinner } from '../../components/Spinner';
import { useDialog } from '../../components/dialog/dialog-context';
import { getSelectedCoupon, setSelectedCoupon } from '../../lib/storage';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatInr } from '../../lib/format';
import { useVendorSlug } from '../../lib/use-vendor-slug';
import { checkoutApi } from './checkout-api';
import { OrderSummary } from './OrderSummary';
import { ShippingForm } from './ShippingForm';
import { isValid, submitProblem, useShippingForm } from './shipping-form';
import { usePayment } from './use-payment';
import { WaitingOrders } from '../../components/WaitingOrders';
import { PriceChangeNotice } from '../../components/PriceChangeNotice';
import { TaxIdFields } from './TaxIdFields';
import { needsPan, taxIdProblem, useTaxIdForm } from './tax-ids';

// 'Delivery by <date>' for the shipping PIN code (issue 22 item 6), loaded after the checkout is shown.
const DeliveryDate = lazy(() => import('../../components/DeliveryDate'));

function EmptyCheckout({ home }: { home: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl">{PAYMENT_TEXT.checkoutEmpty}</h1>
      <Link to={home} className="btn-primary mt-6">
        Continue Shopping
      </Link>
    </div>
  );
}

function VerifyingOverlay() {
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-ink/60"
      role="alertdialog"
      aria-live="assertive"
    >
      <div className="card flex items-center gap-3 px-6 py-5">
        <span
          aria-hidden="true"
          className="size-6 animate-spin rounded-full border-2 border-gold-200 border-t-gold-700"
        />
        <p className="font-medium">{PAYMENT_TEXT.verifying}</p>
      </div>
    </div>
  );
}

/** Told once a checkout whose price hold ran out was priced again: the old and the new total. */
function RepricedNotice({ previous, current }: { previous: number | null; current: number }) {
  return (
    <div role="status" className="rounded-md border border-gold-300 bg-gold-50 px-4 py-3 text-sm">
      <p className="font-medium">{PAYMENT_TEXT.amountsChanged}</p>
      <p className="mt-1">
        The prices held for your checkout have expired, so it is priced at today’s rates: the total was{' '}
        {formatInr(previous ?? 0)} and is now <strong>{formatInr(current)}</strong>.
      </p>
    </div>
  );
}

function CheckoutView({
  checkout,
  home,
  slug,
  previousTotal,
}: {
  checkout: Checkout;
  home: string;
  slug: string;
  previousTotal: number | null;
}) {
  const dialog = useDialog();
  const queryClient = useQueryClient();
  const shipping = useShippingForm();
  const values = shipping.watch();
  const config = useQuery({ queryKey: ['config'], queryFn: checkoutApi.paymentConfig, staleTime: Infinity });
  const threshold = config.data?.panThresholdRupees ?? DEFAULT_PAN_THRESHOLD_RUPEES;
  const panNeeded = needsPan(checkout.totalAmount, threshold);
  const taxIdForm = useTaxIdForm(panNeeded, threshold);
  const taxIds = taxIdForm.watch();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['checkout', checkout.checkoutId] });
  const payment = usePayment(home, refresh, () =>
    dialog.confirm(HOLD_TEXT.notHeldTitle, HOLD_TEXT.notHeld, { confirmLabel: HOLD_TEXT.payAnyway }),
  );
  const busy = payment.phase !== 'idle';
  // An unserved PIN code is said before any payment (the server refuses it at initiate-order too).
  const [unserved, setUnserved] = useState<string | undefined>();
  const repriced = previousTotal !== null && previousTotal !== checkout.totalAmount;
  const notices = repriced || checkout.items.some((i) => i.previousPrice !== null);

  const applyCoupon = async (code: string) => {
    try {
      const updated = await checkoutApi.applyCoupon(checkout.checkoutId, code);
      queryClient.setQueryData(['checkout', checkout.checkoutId], updated);
      await dialog.success('Success', PAYMENT_TEXT.couponApplied);
    } catch (err) {
      await dialog.error(
        'Error',
        err instanceof Error && err.message ? err.message : PAYMENT_TEXT.couponFailed,
      );
    }
  };

  const removeCoupon = async () => {
    try {
      const updated = await checkoutApi.removeCoupon(checkout.checkoutId);
      queryClient.setQueryData(['checkout', checkout.checkoutId], updated);
    } catch (err) {
      await dialog.error('Error', err instanceof Error && err.message ? err.message : MSG.genericError);
    }
  };

  // A coupon chosen on a product page is tried once on the whole basket; if it does not fit, the
  // shopper still sees the coupon box and the offers.
  useEffect(() => {
    const code = getSelectedCoupon();
    if (!code) return;
    setSelectedCoupon(null);
    if (checkout.appliedCoupons.length === 0) void applyCoupon(code);
    // Runs once per checkout: applyCoupon is recreated each render but reads only stable values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [checkout.checkoutId]);

  const submit = async () => {
    const current = shipping.getValues();
    const problem = submitProblem(current);
    if (problem) return dialog.error(problem.title, problem.message);
    if (unserved) return dialog.error(PAYMENT_TEXT.validationError, unserved);
    const tax = taxIdForm.getValues();
    const taxProblem = taxIdProblem(tax, panNeeded, threshold);
    if (taxProblem) {
      await taxIdForm.trigger();
      return dialog.error(PAYMENT_TEXT.validationError, taxProblem);
    }
    await payment.start(checkout, current, panNeeded ? tax : { ...tax, pan: '' });
  };

  return (
    // minmax(0, …) tracks: a grid item's min-content (a long nowrap name, a big total) must not widen
    // the page past a phone's viewport. On phones the summary (items, coupon, total) comes first, so the
    // shopper sees what they pay before 'Proceed to Payment'; from lg it sits in the right column.
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8">
      <h1 className="text-2xl lg:col-span-2">Checkout</h1>
      {notices && (
        <div className="space-y-3 lg:col-span-2">
          {repriced && <RepricedNotice previous={previousTotal} current={checkout.totalAmount} />}
          {/* Stays until the order is paid: what changed since the cart or product page, before paying. */}
          <PriceChangeNotice
            lines={checkout.items.map((i) => ({ ...i, key: i.productSku }))}
            change={checkout.priceChange}
            note={PRICE_CHANGE_TEXT.checkoutNote}
          />
        </div>
      )}
      <OrderSummary
        checkout={checkout}
        onApplyCoupon={applyCoupon}
        onRemoveCoupon={removeCoupon}
        locked={busy}
        className={`h-fit lg:col-start-2 ${notices ? 'lg:row-start-3' : 'lg:row-start-2'}`}
      />
      <form
        className={`card flex min-w-0 flex-col gap-6 p-6 lg:col-start-1 ${notices ? 'lg:row-start-3' : 'lg:row-start-2'}`}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <ShippingForm form={shipping} disabled={busy} pinProblem={unserved} />
        <Suspense fallback={null}>
          <DeliveryDate pin={values.pincode.trim()} shop={slug} onUnserved={setUnserved} />
        </Suspense>
        <TaxIdFields form={taxIdForm} needsPan={panNeeded} thresholdRupees={threshold} disabled={busy} />
        <div className="rounded-md bg-cream px-4 py-3 text-sm">
          <span className="font-medium">Payment method:</span> Card, UPI or netbanking via Razorpay
        </div>
        {payment.error && (
          <p role="alert" className="text-sm text-red-700">
            {payment.error}
          </p>
        )}
        {payment.error && <WaitingOrders />}
        <button
          type="submit"
          className="btn-primary w-full py-3"
          disabled={
            !isValid(values) ||
            taxIdProblem(taxIds, panNeeded, threshold) !== undefined ||
            unserved !== undefined ||
            busy
          }
        >
          {payment.phase === 'processing' ? 'Processing...' : 'Proceed to Payment'}
        </button>
      </form>
      {payment.phase === 'verifying' && <VerifyingOverlay />}
    </div>
  );
}

export default function CheckoutPage() {
  useDocumentTitle('Checkout');
  const { checkoutId } = useParams();
  const slug = useVendorSlug();
  const home = `/${encodeURIComponent(slug)}`;
  const navigate = useNavigate();
  const dialog = useDialog();
  const query = useQuery({
    queryKey: ['checkout', checkoutId],
    queryFn: () => checkoutApi.get(checkoutId!),
    enabled: Boolean(checkoutId),
    retry: false,
  });

  // A checkout past its price-hold window is priced again at today's rates before the shopper pays.
  const queryClient = useQueryClient();
  const [previousTotal, setPreviousTotal] = useState<number | null>(null);
  const [repriceFailed, setRepriceFailed] = useState(false);
  const expired = query.data?.status === 'EXPIRED' && query.data.items.length > 0;
  useEffect(() => {
    if (!expired || !checkoutId || repriceFailed) return;
    checkoutApi.reprice(checkoutId).then(
      ({ previousTotal: before, ...updated }) => {
        setPreviousTotal(before);
        queryClient.setQueryData(['checkout', checkoutId], updated);
      },
      () => setRepriceFailed(true),
    );
  }, [expired, checkoutId, repriceFailed, queryClient]);

  useEffect(() => {
    if (!query.isError) return;
    void dialog.error('Error', PAYMENT_TEXT.checkoutLoadFailed).then(() => navigate(home, { replace: true }));
  }, [query.isError, dialog, navigate, home]);

  if (!checkoutId) return <Navigate to="/" replace />;
  if (query.isPending || query.isError) return <PageSpinner label="Loading checkout" />;
  const checkout = query.data;
  if (checkout.items.length === 0) return <EmptyCheckout home={home} />;
  if (expired && !repriceFailed) return <PageSpinner label="Updating prices" />;
  if (checkout.status !== 'PENDING') {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl">
          {checkout.status === 'EXPIRED' ? PAYMENT_TEXT.checkoutExpired : 'This checkout is complete.'}
        </h1>
        <Link to={`${home}/cart`} className="btn-primary mt-6">
          Back to Cart
        </Link>
      </div>
    );
  }
  return <CheckoutView checkout={checkout} home={home} slug={slug} previousTotal={previousTotal} />;
}
