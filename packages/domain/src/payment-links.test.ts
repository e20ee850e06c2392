import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MIN_PAYMENT_LINK_MINUTES,
  createPaymentLinkBody,
  paymentLinkExpiry,
  paymentLinkShareText,
  paymentLinkStatusOf,
} from './payment-links';
import { ATTRIBUTION_SOURCES } from './quotes';

const address = {
  fullName: 'Meera Iyer',
  street: '12 Temple Street',
  city: 'Chennai',
  state: 'Tamil Nadu',
  postalCode: '600004',
  phone: '9876543210',
};
const good = { buyerName: 'Meera Iyer', buyerPhone: '9876543210', shippingAddress: address };

describe('createPaymentLinkBody', () => {
  it('takes the buyer’s name, phone, address and an optional email and expiry', () => {
    expect(createPaymentLinkBody.parse(good).buyerEmail).toBeUndefined();
    const full = createPaymentLinkBody.parse({
      ...good,
      buyerEmail: 'meera@example.in',
      expiresAt: '2026-11-27T10:00:00.000Z',
    });
    expect(full.expiresAt).toBe('2026-11-27T10:00:00.000Z');
  });

  it.each([
    ['no name', { ...good, buyerName: ' ' }],
    ['a short phone', { ...good, buyerPhone: '98765' }],
    ['a bad email', { ...good, buyerEmail: 'meera@' }],
    ['an expiry that is not a date', { ...good, expiresAt: 'tomorrow' }],
    ['a PIN code outside the state', { ...good, shippingAddress: { ...address, postalCode: '110001' } }],
    ['no address', { buyerName: 'Meera', buyerPhone: '9876543210' }],
    ['an unknown field', { ...good, amount: 1 }],
  ])('refuses %s', (_name, body) => {
    expect(createPaymentLinkBody.safeParse(body).success).toBe(false);
  });
});

describe('paymentLinkExpiry', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);

  it('defaults to the quote’s validity', () => {
    expect(paymentLinkExpiry(hours(24), undefined, now)).toEqual(hours(24));
  });

  it('is never later than the quote’s validity, never in the past', () => {
    expect(paymentLinkExpiry(hours(24), hours(25), now)).toEqual({ problem: 'expiryAfterQuote' });
    expect(paymentLinkExpiry(hours(24), hours(-1), now)).toEqual({ problem: 'expiryPast' });
    expect(paymentLinkExpiry(hours(0.1), undefined, now)).toEqual({ problem: 'quoteExpired' });
  });

  it('any answer lies between the floor and the quote’s validity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -48 * 60, max: 8 * 24 * 60 }),
        fc.option(fc.integer({ min: -48 * 60, max: 8 * 24 * 60 }), { nil: undefined }),
        (quoteMinutes, askedMinutes) => {
          const valid = new Date(now.getTime() + quoteMinutes * 60_000);
          const asked =
            askedMinutes === undefined ? undefined : new Date(now.getTime() + askedMinutes * 60_000);
          const answer = paymentLinkExpiry(valid, asked, now);
          if (answer instanceof Date) {
            expect(answer.getTime()).toBeLessThanOrEqual(valid.getTime());
            expect(answer.getTime()).toBeGreaterThanOrEqual(
              now.getTime() + MIN_PAYMENT_LINK_MINUTES * 60_000,
            );
          }
        },
      ),
    );
  });
});

describe('paymentLinkStatusOf', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  it('an open link past its expiry shows as expired; paid and cancelled stay', () => {
    const past = new Date(now.getTime() - 1);
    expect(paymentLinkStatusOf({ status: 'created', expiresAt: past }, now)).toBe('expired');
    expect(paymentLinkStatusOf({ status: 'created', expiresAt: new Date(now.getTime() + 1) }, now)).toBe(
      'created',
    );
    expect(paymentLinkStatusOf({ status: 'paid', expiresAt: past }, now)).toBe('paid');
    expect(paymentLinkStatusOf({ status: 'cancelled', expiresAt: past }, now)).toBe('cancelled');
  });
});

it('a paid link is its own attribution source, and the share text carries the link', () => {
  expect(ATTRIBUTION_SOURCES).toContain('payment_link');
  expect(
    paymentLinkShareText({
      shopName: 'Asha Gold',
      amount: '₹1,50,000',
      expires: '27 Nov',
      url: 'https://x/pl',
    }),
  ).toBe('Asha Gold: pay ₹1,50,000 for your quote here, before 27 Nov. https://x/pl');
});
