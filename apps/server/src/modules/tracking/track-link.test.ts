import { describe, expect, it } from 'vitest';
import { carrierTrackingUrl, trackPageUrl } from './track-link';

const config = { PUBLIC_URL: 'https://shop.example/', PORT: 8080 };
const order = { vendorSlug: 'gold-house', orderNumber: 'ORD-20261126-0001' };

describe('the tracking link a buyer gets', () => {
  it('opens our tracking page under the shop with the order filled in', () => {
    expect(trackPageUrl(config, order)).toBe('https://shop.example/gold-house/track?order=ORD-20261126-0001');
  });

  it("keeps a real carrier's link, and puts the sandbox courier's (our /track) under the shop", () => {
    expect(carrierTrackingUrl(config, order, 'https://courier.example/t/1', { absolute: true })).toBe(
      'https://courier.example/t/1',
    );
    const sandbox = '/track?order=ORD-20261126-0001&awb=ZVS0000000001';
    expect(carrierTrackingUrl(config, order, sandbox, { absolute: true })).toBe(
      'https://shop.example/gold-house/track?order=ORD-20261126-0001&awb=ZVS0000000001',
    );
    expect(carrierTrackingUrl(config, order, sandbox, { absolute: false })).toBe(
      '/gold-house/track?order=ORD-20261126-0001&awb=ZVS0000000001',
    );
    expect(carrierTrackingUrl(config, order, null, { absolute: true })).toBe(trackPageUrl(config, order));
  });
});
