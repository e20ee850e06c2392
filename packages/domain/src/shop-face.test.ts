import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_SHOP_FACE_PARTS_BY_PLAN,
  EMPTY_SHOP_FACE,
  indianMobileSchema,
  parseShopFacePartsByPlan,
  partsBeyondPlan,
  shopFaceInputSchema,
  SHOP_ABOUT_MAX,
  SHOP_FACE_PARTS,
  visibleFace,
  whatsAppChatLink,
  whatsAppChatMessage,
} from './shop-face';

const empty = { logo: null, banner: null, about: null, contactPhone: null, whatsapp: null };

describe('shop face schemas (issue 26 item 5)', () => {
  it('takes an Indian mobile as people type it and keeps its 10 digits', () => {
    for (const typed of ['9876543210', '+91 98765 43210', '91-98765-43210', '098765 43210', ' 6000000000 '])
      expect(indianMobileSchema.parse(typed)).toMatch(/^[6-9]\d{9}$/);
    for (const bad of [
      '5876543210',
      '987654321',
      '98765432101',
      '+1 9876543210',
      'nine',
      '',
      '+91 98765 4321x',
    ])
      expect(indianMobileSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('keeps any valid mobile whatever the spacing and prefix', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('6', '7', '8', '9'),
        fc.stringMatching(/^\d{9}$/),
        fc.constantFrom('', '+91', '91', '0', '+91 '),
        fc.constantFrom('', ' ', '-'),
        (first, rest, prefix, sep) => {
          const digits = first + rest;
          const typed = `${prefix}${digits.slice(0, 5)}${sep}${digits.slice(5)}`;
          expect(indianMobileSchema.parse(typed)).toBe(digits);
        },
      ),
    );
  });

  it('cleans the about text as plain text and limits it', () => {
    const parsed = shopFaceInputSchema.parse({ ...empty, about: ' Hi\u0001 there\r\n\r\n\r\n\tBye ' });
    expect(parsed.about).toBe('Hi there\n\nBye');
    expect(shopFaceInputSchema.parse({ ...empty, about: '   ' }).about).toBeNull();
    expect(shopFaceInputSchema.safeParse({ ...empty, about: 'a'.repeat(SHOP_ABOUT_MAX) }).success).toBe(true);
    expect(shopFaceInputSchema.safeParse({ ...empty, about: 'a'.repeat(SHOP_ABOUT_MAX + 1) }).success).toBe(
      false,
    );
    expect(shopFaceInputSchema.safeParse({ ...empty, about: 'Gold <b>sale</b>' }).success).toBe(false);
  });

  it('accepts only stored image names for pictures, and blanks as nothing', () => {
    const name = `${'a1'.repeat(16)}.webp`;
    expect(shopFaceInputSchema.parse({ ...empty, logo: name, banner: '' })).toMatchObject({
      logo: name,
      banner: null,
    });
    for (const bad of [
      'https://evil.example/x.png',
      '../x.webp',
      'javascript:alert(1)',
      `${'A'.repeat(32)}.webp`,
    ])
      expect(shopFaceInputSchema.safeParse({ ...empty, logo: bad }).success, bad).toBe(false);
    expect(shopFaceInputSchema.safeParse({ ...empty, colour: 'red' }).success).toBe(false);
  });

  it('reads the plan configuration strictly', () => {
    const text =
      'FREE:about+contactPhone,BASIC:about+contactPhone+whatsapp+logo,STANDARD:about+contactPhone+whatsapp+logo+banner,PREMIUM:about+contactPhone+whatsapp+logo+banner';
    expect(parseShopFacePartsByPlan(text)).toEqual(DEFAULT_SHOP_FACE_PARTS_BY_PLAN);
    expect(parseShopFacePartsByPlan('FREE:,BASIC:logo,STANDARD:logo,PREMIUM:logo')?.FREE).toEqual([]);
    for (const bad of [
      'FREE:about,BASIC:about,STANDARD:about',
      'FREE:about,FREE:logo,BASIC:about,STANDARD:about,PREMIUM:about',
      'FREE:about+video,BASIC:about,STANDARD:about,PREMIUM:about',
      'GOLD:about,FREE:about,BASIC:about,STANDARD:about,PREMIUM:about',
      'FREE,BASIC:about,STANDARD:about,PREMIUM:about',
    ])
      expect(parseShopFacePartsByPlan(bad), bad).toBeUndefined();
  });

  it('shows only what the plan allows, and names what it does not', () => {
    const face = {
      logo: 'l.webp',
      banner: 'b.webp',
      about: 'About',
      contactPhone: '9876543210',
      whatsapp: '9876543210',
    };
    expect(visibleFace(face, ['about', 'contactPhone'])).toEqual({
      ...EMPTY_SHOP_FACE,
      about: 'About',
      contactPhone: '9876543210',
    });
    expect(partsBeyondPlan(face, ['about', 'contactPhone'])).toEqual(['logo', 'banner', 'whatsapp']);
    fc.assert(
      fc.property(fc.subarray([...SHOP_FACE_PARTS]), (allowed) => {
        const shown = visibleFace(face, allowed);
        expect(partsBeyondPlan(shown, allowed)).toEqual([]);
      }),
    );
  });

  it('links to wa.me with the message prefilled', () => {
    const link = whatsAppChatLink('9876543210', whatsAppChatMessage('Asha & Co', 'Ruby Ring #2'));
    expect(link).toBe(
      'https://wa.me/919876543210?text=Hello%20Asha%20%26%20Co%2C%20I%20am%20interested%20in%20Ruby%20Ring%20%232.',
    );
  });
});
