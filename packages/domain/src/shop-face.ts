import { z } from 'zod';
import { PLANS, type Plan } from './plans';
import { safeString } from './primitives';
import { indianMobileForSms } from './sms';

/**
 * A reseller's shop face (issue 26 item 5): what its shop shows beyond the platform's look. Each part
 * is allowed by plan (SHOP_FACE_PARTS_BY_PLAN, configurable on the server); the storefront shows only
 * the parts the shop's plan allows, so a downgrade hides them without deleting them.
 */
export const SHOP_FACE_PARTS = ['logo', 'banner', 'about', 'contactPhone', 'whatsapp'] as const;
export type ShopFacePart = (typeof SHOP_FACE_PARTS)[number];

/** Names a reseller reads in its settings and in the server's refusals. */
export const SHOP_FACE_PART_LABELS: Record<ShopFacePart, string> = {
  logo: 'Logo',
  banner: 'Banner',
  about: 'About your shop',
  contactPhone: 'Contact number',
  whatsapp: 'WhatsApp button',
};

/** The default: every plan may say who it is and how to call; paid plans add pictures and WhatsApp. */
export const DEFAULT_SHOP_FACE_PARTS_BY_PLAN: Record<Plan, readonly ShopFacePart[]> = {
  FREE: ['about', 'contactPhone'],
  BASIC: ['about', 'contactPhone', 'whatsapp', 'logo'],
  STANDARD: ['about', 'contactPhone', 'whatsapp', 'logo', 'banner'],
  PREMIUM: ['about', 'contactPhone', 'whatsapp', 'logo', 'banner'],
};

/**
 * Parses `FREE:about+contactPhone,BASIC:about+contactPhone+logo,...` (every plan named once, parts
 * joined by '+', an empty list written as `FREE:`). Undefined when malformed.
 */
export function parseShopFacePartsByPlan(text: string): Record<Plan, ShopFacePart[]> | undefined {
  const out: Partial<Record<Plan, ShopFacePart[]>> = {};
  for (const pair of text.split(',')) {
    const [plan, parts, extra] = pair.trim().split(':');
    if (extra !== undefined || parts === undefined || !(PLANS as readonly string[]).includes(plan!))
      return undefined;
    if (out[plan as Plan]) return undefined;
    const list = parts.trim() === '' ? [] : parts.split('+').map((p) => p.trim());
    if (!list.every((p): p is ShopFacePart => (SHOP_FACE_PARTS as readonly string[]).includes(p)))
      return undefined;
    out[plan as Plan] = [...new Set(list)];
  }
  return PLANS.every((p) => out[p]) ? (out as Record<Plan, ShopFacePart[]>) : undefined;
}

export const SHOP_ABOUT_MAX = 500;
export const SHOP_FACE_MESSAGES = {
  mobile: 'Enter an Indian mobile number: 10 digits starting with 6, 7, 8 or 9 (+91 optional)',
  about: `Keep the about text to ${SHOP_ABOUT_MAX} characters`,
  aboutMarkup: 'Write the about text as plain text, without < or >',
  image: 'Upload the picture again: this is not an uploaded image',
  notOnPlan: (part: ShopFacePart, plan: Plan) =>
    `${SHOP_FACE_PART_LABELS[part]} is not part of the ${plan} plan: upgrade your plan to use it.`,
  saved: 'Your shop face is saved. Your shop shows it now.',
} as const;

/** The 10 digits of an Indian mobile as typed, or an issue. */
function mobileDigits(v: string, ctx: z.RefinementCtx): string {
  const full = v.length <= 20 ? indianMobileForSms(v) : undefined;
  if (!full) {
    ctx.addIssue({ code: 'custom', message: SHOP_FACE_MESSAGES.mobile });
    return z.NEVER;
  }
  return full.slice(2);
}

/** An Indian mobile number as typed (spaces, dashes, +91 or a leading 0 allowed), stored as its 10 digits. */
export const indianMobileSchema = safeString().trim().transform(mobileDigits);

/** The same, where '' means none. */
const optionalMobile = safeString()
  .trim()
  .transform((v, ctx) => (v === '' ? null : mobileDigits(v, ctx)))
  .nullable();

/** An uploaded image's stored name (the upload route answers it), '' or null for none; nothing else. */
const optionalImage = safeString()
  .regex(/^(?:[a-f0-9]{32}\.webp)?$/, SHOP_FACE_MESSAGES.image)
  .transform((v) => v || null)
  .nullable();

/**
 * Plain text: control characters other than line breaks are dropped, runs of blank lines folded,
 * and angle brackets refused (the text is shown as text everywhere, never as markup).
 */
export const shopAboutSchema = safeString()
  .transform((v) =>
    v
      // eslint-disable-next-line no-control-regex -- dropping control characters is the point
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
      .replace(/\r\n?/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  )
  .pipe(
    z
      .string()
      .max(SHOP_ABOUT_MAX, SHOP_FACE_MESSAGES.about)
      .refine((v) => !/[<>]/.test(v), SHOP_FACE_MESSAGES.aboutMarkup),
  );

/**
 * PUT body: every part; null or '' clears it. (No unions: a union would hide its members' messages
 * behind 'Invalid input'.)
 */
export const shopFaceInputSchema = z.strictObject({
  logo: optionalImage,
  banner: optionalImage,
  about: shopAboutSchema.transform((v) => v || null).nullable(),
  contactPhone: optionalMobile,
  whatsapp: optionalMobile,
});
export type ShopFaceInput = z.input<typeof shopFaceInputSchema>;

/** A face as stored and shown (10-digit numbers, stored image names). */
export const shopFaceSchema = z.object({
  logo: safeString().nullable(),
  banner: safeString().nullable(),
  about: safeString().nullable(),
  contactPhone: safeString().nullable(),
  whatsapp: safeString().nullable(),
});
export type ShopFace = z.infer<typeof shopFaceSchema>;

export const EMPTY_SHOP_FACE: ShopFace = {
  logo: null,
  banner: null,
  about: null,
  contactPhone: null,
  whatsapp: null,
};

/** The reseller's settings view: its face, its plan and what the plan allows. */
export const shopFaceSettingsSchema = z.object({
  face: shopFaceSchema,
  plan: z.enum(PLANS),
  allowed: z.array(z.enum(SHOP_FACE_PARTS)),
});
export type ShopFaceSettings = z.infer<typeof shopFaceSettingsSchema>;

/** The parts of a face that are set but not allowed on the plan (the server refuses to save them). */
export function partsBeyondPlan(face: ShopFace, allowed: readonly ShopFacePart[]): ShopFacePart[] {
  return SHOP_FACE_PARTS.filter((p) => face[p] !== null && !allowed.includes(p));
}

/** What the storefront shows: parts the plan does not allow are left out. */
export function visibleFace(face: ShopFace, allowed: readonly ShopFacePart[]): ShopFace {
  const out = { ...face };
  for (const p of SHOP_FACE_PARTS) if (!allowed.includes(p)) out[p] = null;
  return out;
}

/** The 'Chat on WhatsApp' link: wa.me with the number in international form and a prefilled message. */
export function whatsAppChatLink(mobile: string, message: string): string {
  return `https://wa.me/91${mobile}?text=${encodeURIComponent(message)}`;
}

/** The message a buyer starts the chat with: the shop, and the piece when on a product page. */
export function whatsAppChatMessage(shopName: string, productName?: string): string {
  return productName
    ? `Hello ${shopName}, I am interested in ${productName}.`
    : `Hello ${shopName}, I would like to know more about your jewellery.`;
}

/** A 10-digit number as shown: +91 98765 43210. */
export const formatIndianMobile = (mobile: string): string => `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;
