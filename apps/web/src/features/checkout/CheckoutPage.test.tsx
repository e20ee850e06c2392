// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Checkout } from '@zevar/domain';
import { inclusivePriceBreakup, toPriceBreakup } from '@zevar/domain';
import { jsonResponse, mockFetch, notFound, renderRoutes } from '../../test/utils';
import CheckoutPage from './CheckoutPage';

const ID = '11111111-2222-4333-8444-555555555555';

function checkout(overrides: Partial<Checkout> = {}): Checkout {
  return {
    checkoutId: ID,
    vendorSlug: 'zevar',
    items: [
      {
        productId: 1,
        productSku: 'ZV-1',
        name: 'Gold Jhumkas',
        image: null,
        quantity: 2,
        price: 1500,
        lineTotal: 3000,
        priceBreakup: toPriceBreakup(inclusivePriceBreakup(Math.round(3000 * 100))),
        previousPrice: null,
      },
    ],
    priceChange: 0,
    subtotal: 3000,
    discount: 0,
    roundOff: 0,
    totalAmount: 3000,
    appliedCoupons: [],
    status: 'PENDING',
    expirationTime: '2099-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const routes = [
  { path: '/:vendorSlug/checkout/:checkoutId', element: <CheckoutPage /> },
  { path: '/:vendorSlug/checkout', element: <CheckoutPage /> },
  { path: '/:vendorSlug', element: <h1>Vendor home</h1> },
  { path: '/', element: <h1>Root</h1> },
];

async function fill(values: Record<string, string>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label);
    if (field instanceof HTMLSelectElement) await user.selectOptions(field, value);
    else await user.type(field, value);
  }
  return user;
}

const valid = {
  'Full Name': 'Asha Rao',
  Email: 'asha@example.in',
  Phone: '9876543210',
  'Street Address': '12 Residency Road',
  City: 'Bengaluru',
  State: 'Karnataka',
};

describe('checkout page', () => {
  it('shows the order summary, and Proceed to Payment stays disabled until every field is filled and well-formed', async () => {
    mockFetch(() => jsonResponse(checkout()));
    renderRoutes(routes, `/zevar/checkout/${ID}`);
    expect(await screen.findByText('Gold Jhumkas')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹3,000.00');
    const pay = screen.getByRole('button', { name: 'Proceed to Payment' });
    expect(pay).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    const user = await fill({ ...valid, 'PIN Code': '5600' });
    expect(pay).toBeDisabled();
    await user.type(screen.getByLabelText('PIN Code'), '25');
    expect(pay).toBeEnabled();
  });

  it('a malformed email, phone or PIN keeps Proceed to Payment disabled with its own message, not the required-field one', async () => {
    mockFetch(() => jsonResponse(checkout()));
    renderRoutes(routes, `/zevar/checkout/${ID}`);
    await screen.findByText('Gold Jhumkas');
    const user = await fill({
      ...valid,
      Email: 'asha@example',
      Phone: '98765',
      'PIN Code': '5600',
    });
    await user.click(screen.getByLabelText('Full Name'));
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid 10-digit phone number')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid 6-digit PIN code')).toBeInTheDocument();
    expect(screen.queryByText('Please fill all required fields')).not.toBeInTheDocument();
  });

  it("an emptied field says 'Please fill all required fields' and disables Proceed to Payment", async () => {
    mockFetch(() => jsonResponse(checkout()));
    renderRoutes(routes, `/zevar/checkout/${ID}`);
    await screen.findByText('Gold Jhumkas');
    const user = await fill({ ...valid, City: '   ', 'PIN Code': '560025' });
    await user.click(screen.getByLabelText('Full Name'));
    expect(screen.getByText('Please fill all required fields')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
  });

  it('Proceed to Payment initiates the order for this checkout (checkoutId in the body)', async () => {
    const fetchMock = mockFetch((url) =>
      url.includes('/orders/initiate-order')
        ? jsonResponse({ code: 'CONFLICT', message: 'Only 1 of Gold Jhumkas left in stock' }, 409)
        : jsonResponse(checkout()),
    );
    renderRoutes(routes, `/zevar/checkout/${ID}`);
    await screen.findByText('Gold Jhumkas');
    const user = await fill({ ...valid, 'PIN Code': '560025' });
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 of Gold Jhumkas left in stock');
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/orders/initiate-order'));
    expect(JSON.parse(String(call![1].body))).toMatchObject({ checkoutId: ID, vendorSlug: 'zevar' });
  });

  it('above the PAN threshold asks for a valid PAN, and sends it with an optional GSTIN for the invoice', async () => {
    const big = checkout({ subtotal: 250_000, totalAmount: 250_000 });
    const fetchMock = mockFetch((url) => {
      if (url.includes('/config'))
        return jsonResponse({ payments: 'sandbox', razorpayKeyId: '', panThresholdRupees: 200_000 });
      if (url.includes('/orders/initiate-order'))
        return jsonResponse({ code: 'CONFLICT', message: 'Stop here' }, 409);
      return jsonResponse(big);
    });
    renderRoutes(routes, `/zevar/checkout/${ID}`);
    await screen.findByText('Gold Jhumkas');
    const user = await fill({ ...valid, 'PIN Code': '560025' });
    const pay = screen.getByRole('button', { name: 'Proceed to Payment' });
    const pan = await screen.findByLabelText(/^PAN/);
    expect(pay).toBeDisabled();
    await user.type(pan, 'abcde1234');
    await user.tab();
    expect(await screen.findByText('Enter a valid PAN, such as ABCDE1234F')).toBeInTheDocument();
    expect(pay).toBeDisabled();
    await user.type(pan, 'f');
    await user.type(screen.getByLabelText(/^GSTIN/), '27AAPFU0939F1ZW');
    expect(pay).toBeDisabled();
    await user.clear(screen.getByLabelText(/^GSTIN/));
    await user.type(screen.getByLabelText(/^GSTIN/), '27aapfu0939f1zv');
    expect(pay).toBeEnabled();
    await user.click(pay);
    await screen.findByRole('alert');
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/orders/initiate-order'));
    expect(JSON.parse(String(call![1].body))).toMatchObject({
      buyerPan: 'ABCDE1234F',
      buyerGstin: '27AAPFU0939F1ZV',
    });
  });

  it('a malformed GSTIN is named on its field once left, keeps payment disabled, and is sent in capitals once right', async () => {
    const fetchMock = mockFetch((url) =>
      url.includes('/orders/initiate-order')
        ? jsonResponse({ code: 'CONFLICT', message: 'Stop here' }, 409)
        : jsonResponse(checkout()),
    );
    renderRoutes(routes, `/zevar/checkout/${ID}`);
    await screen.findByText('Gold Jhumkas');
    const user = await fill({ ...valid, 'PIN Code': '560025' });
    const pay = screen.getByRole('button', { name: 'Proceed to Payment' });
    expect(pay).toBeEnabled();
    const gstin = screen.getByLabelText(/^GSTIN/);
    await user.type(gstin, '27aapfu0939f1z');
    await user.tab();
    expect(
      await screen.findByText('Enter a valid 15-character GSTIN, such as 27AAPFU0939F1ZV'),
    ).toBeInTheDocument();
    expect(gstin).toHaveValue('27AAPFU0939F1Z');
    expect(gstin).toHaveAttribute('aria-invalid', 'true');
    expect(pay).toBeDisabled();
    await user.type(gstin, 'v');
    expect(screen.queryByText(/Enter a valid 15-character GSTIN/)).not.toBeInTheDocument();
    await user.click(pay);
    await screen.findByRole('alert');
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/orders/initiate-order'));
    const body = JSON.parse(String(call![1].body)) as Record<string, unknown>;
    expect(body).toMatchObject({ buyerGstin: '27AAPFU0939F1ZV' });
    expect(body).not.toHaveProperty('buyerPan');
  });

  it('at or below the PAN threshold asks for no PAN', async () => {
    mockFetch((url) =>
      url.includes('/config')
        ? jsonResponse({ payments: 'sandbox', razorpayKeyId: '', panThresholdRupees: 200_000 })
        : jsonResponse(checkout({ subtotal: 200_000, totalAmount: 200_000 })),
    );
    renderRoutes(routes, `/zevar/checkout/${ID}`);
    await screen.findByText('Gold Jhumkas');
    await fill({ ...valid, 'PIN Code': '560025' });
    expect(screen.getByLabelText(/^GSTIN/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^PAN/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled();
  });

  it("an empty checkout shows 'Your checkout is empty' with Continue Shopping", async () => {
    mockFetch(() => jsonResponse(checkout({ items: [], subtotal: 0, totalAmount: 0 })));
    renderRoutes(routes, `/zevar/checkout/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Your checkout is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/zevar');
  });

  it("a load failure shows 'Failed to load checkout details' then goes to the vendor home", async () => {
    mockFetch(() => notFound());
    renderRoutes(routes, `/zevar/checkout/${ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent('Failed to load checkout details');
    await userEvent.setup().click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { name: 'Vendor home' })).toBeInTheDocument();
  });

  it('a missing checkout id goes to /', async () => {
    mockFetch(() => notFound());
    renderRoutes(routes, '/zevar/checkout');
    expect(await screen.findByRole('heading', { name: 'Root' })).toBeInTheDocument();
  });

  it('applying a coupon shows the success dialog and the new totals', async () => {
    mockFetch((url, init) =>
      init.method === 'PATCH'
        ? jsonResponse(
            checkout({
              discount: 500,
              totalAmount: 2500,
              appliedCoupons: [{ code: 'BUY2SAVE500', discount: 500 }],
            }),
          )
        : jsonResponse(checkout()),
    );
    renderRoutes(routes, `/zevar/checkout/${ID}`);
    await screen.findByText('Gold Jhumkas');
    const user = await fill({ 'Coupon code': 'BUY2SAVE500' });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('dialog', { name: 'Success' })).toHaveTextContent(
      'Coupon applied successfully',
    );
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹2,500.00');
    expect(screen.getByText(/BUY2SAVE500/)).toBeInTheDocument();
  });

  it('applies the coupon the shopper chose on a product page once, then forgets it', async () => {
    localStorage.setItem('selected_coupon', 'WELCOME100');
    const fetchMock = mockFetch((url, init) =>
      init.method === 'PATCH'
        ? jsonResponse(
            checkout({
              discount: 100,
              totalAmount: 2900,
              appliedCoupons: [{ code: 'WELCOME100', discount: 100 }],
            }),
          )
        : jsonResponse(checkout()),
    );
    renderRoutes(routes, `/zevar/checkout/${ID}`);
    expect(await screen.findByRole('dialog', { name: 'Success' })).toHaveTextContent(
      'Coupon applied successfully',
    );
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹2,900.00');
    const patches = fetchMock.mock.calls.filter(
      ([, init]) => (init as RequestInit | undefined)?.method === 'PATCH',
    );
    expect(patches).toHaveLength(1);
    expect(localStorage.getItem('selected_coupon')).toBeNull();
  });

  it('one coupon per order: the applied coupon is a removable badge, the code box returns once it is removed', async () => {
    const fetchMock = mockFetch((url, init) =>
      init.method === 'DELETE'
        ? jsonResponse(checkout())
        : jsonResponse(
            checkout({
              discount: 500,
              totalAmount: 2500,
              appliedCoupons: [{ code: 'BUY2SAVE500', discount: 500 }],
            }),
          ),
    );
    renderRoutes(routes, `/zevar/checkout/${ID}`);
    const badges = await screen.findByRole('list', { name: 'Applied coupons' });
    expect(badges).toHaveTextContent('BUY2SAVE500');
    expect(screen.queryByLabelText('Coupon code')).not.toBeInTheDocument();
    expect(screen.getByText('One coupon per order. Remove it to use another.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove coupon BUY2SAVE500' }));
    expect(await screen.findByLabelText('Coupon code')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹3,000.00');
    expect(
      fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE'),
    ).toBe(true);
  });

  it('a coupon chosen on a product page never replaces one already applied', async () => {
    localStorage.setItem('selected_coupon', 'WELCOME100');
    const fetchMock = mockFetch(() =>
      jsonResponse(
        checkout({
          discount: 500,
          totalAmount: 2500,
          appliedCoupons: [{ code: 'BUY2SAVE500', discount: 500 }],
        }),
      ),
    );
    renderRoutes(routes, `/zevar/checkout/${ID}`);
    expect(await screen.findByRole('list', { name: 'Applied coupons' })).toHaveTextContent('BUY2SAVE500');
    expect(
      fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH'),
    ).toBe(false);
  });

  it('shows the round-off as its own line when rounding the total up changed it', async () => {
    mockFetch(() =>
      jsonResponse(
        checkout({
          items: [
            {
              productId: 1,
              productSku: 'ZV-1',
              name: 'Gold Jhumkas',
              image: null,
              quantity: 1,
              price: 907.6,
              lineTotal: 907.6,
              priceBreakup: toPriceBreakup(inclusivePriceBreakup(Math.round(907.6 * 100))),
              previousPrice: null,
            },
          ],
          subtotal: 907.6,
          roundOff: 0.4,
          totalAmount: 908,
        }),
      ),
    );
    renderRoutes(routes, `/zevar/checkout/${ID}`);
    expect(await screen.findByText('Qty 1 × ₹907.60')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-subtotal')).toHaveTextContent('₹907.60');
    expect(screen.getByTestId('checkout-round-off')).toHaveTextContent('+₹0.40');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹908.00');
  });

  it('on a phone the summary with the coupon box and total comes before Proceed to Payment', async () => {
    mockFetch(() => jsonResponse(checkout()));
    renderRoutes(routes, `/zevar/checkout/${ID}`);
    const total = await screen.findByTestId('checkout-total');
    const pay = screen.getByRole('button', { name: 'Proceed to Payment' });
    const coupon = screen.getByLabelText('Coupon code');
    expect(total.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(coupon.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('names each line whose price changed since the cart, old → new, and how much the total moved', async () => {
    const base = checkout();
    mockFetch(() =>
      jsonResponse(
        checkout({
          items: [
            { ...base.items[0]!, price: 18_879, lineTotal: 37_758, previousPrice: 18_426 },
            { ...base.items[0]!, productSku: 'ZV-2', name: 'Silver Anklet', previousPrice: null },
          ],
          priceChange: 906,
          subtotal: 40_758,
          totalAmount: 40_758,
        }),
      ),
    );
    renderRoutes(routes, `/zevar/checkout/${ID}`);
    const notice = await screen.findByTestId('price-change-notice');
    expect(notice).toHaveTextContent('Prices have changed since you last saw them');
    const lines = screen.getAllByTestId('price-change-line');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveTextContent('Gold Jhumkas: ₹18,426.00 → ₹18,879.00 each');
    expect(screen.getByTestId('price-change-total')).toHaveTextContent(
      'Your total is ₹906.00 higher than before.',
    );
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('₹40,758.00');
    // The notice comes before the form's Proceed to Payment.
    const pay = screen.getByRole('button', { name: 'Proceed to Payment' });
    expect(notice.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says nothing about prices when none changed', async () => {
    mockFetch(() => jsonResponse(checkout()));
    renderRoutes(routes, `/zevar/checkout/${ID}`);
    await screen.findByTestId('checkout-total');
    expect(screen.queryByTestId('price-change-notice')).not.toBeInTheDocument();
  });
});
