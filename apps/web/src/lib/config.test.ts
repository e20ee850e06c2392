// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { parsePublicConfig } from './config';

describe('GET /api/config, checked by hand', () => {
  it('takes the default shop (trimmed) and the business timezone', () => {
    expect(
      parsePublicConfig({ defaultVendorSlug: ' zevar ', businessTimezone: 'Asia/Kolkata', x: 1 }),
    ).toEqual({
      defaultVendorSlug: 'zevar',
      businessTimezone: 'Asia/Kolkata',
    });
    expect(parsePublicConfig({ defaultVendorSlug: 'mehta' })).toEqual({ defaultVendorSlug: 'mehta' });
  });

  it.each([
    null,
    'zevar',
    {},
    { defaultVendorSlug: '  ' },
    { defaultVendorSlug: 3 },
    { defaultVendorSlug: 'z', businessTimezone: 5 },
  ])('refuses %j', (value) => {
    expect(() => parsePublicConfig(value)).toThrow();
  });
});
